import { z } from "zod";
import { countrySchema, coverageSchema, languageSchema } from "./values.ts";

export const courtSchema = z.strictObject({
  court_code: z.string().regex(/^[a-z][a-z0-9]{1,15}$/),
  name: z.string(),
  jurisdiction_country: countrySchema,
  language: languageSchema,
  case_id_format: z.strictObject({ pattern: z.string(), example: z.string() }),
  coverage: coverageSchema,
  refresh_cadence_seconds: z.number().int().positive().nullable(),
  case_management_system: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Court = z.infer<typeof courtSchema>;

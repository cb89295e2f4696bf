import { z } from "zod";
import { docketEntrySchema } from "./docket-entry.ts";
import {
  caseStatusSchema,
  caseTypeSchema,
  countrySchema,
  dateSchema,
  juryDemandSchema,
  languageSchema,
  partyTypeSchema,
} from "./values.ts";

export const attorneySchema = z.strictObject({
  name: z.string(),
  /** Strings, as the spec says (2.1.0): "" when the court names no firm (a pro se filer, a government lawyer). */
  firm: z.string(),
  /** The court's role wording ("LEAD ATTORNEY; ATTORNEY TO BE NOTICED"), "" when it gives none. */
  role: z.string(),
  /** Null when the court gives no date for the attorney's action. */
  date_action: dateSchema.nullable(),
});

export const partySchema = z.strictObject({
  name: z.string(),
  type: partyTypeSchema,
  role_in_case: z.string(),
  date_joined: dateSchema.nullable(),
  date_terminated: dateSchema.nullable(),
  attorneys: z.array(attorneySchema),
});

export const primaryPartySchema = z.strictObject({
  name: z.string(),
  type: partyTypeSchema,
});

export const crossReferenceSchema = z.strictObject({
  relationship: z.string(),
  case_id: z.string(),
  court_code: z.string(),
  relationship_note: z.string().nullable(),
});

export const appellateSchema = z.strictObject({
  appeal_type: z.string().nullable(),
  /** Judge names of the panel, where assigned. */
  panel: z.array(z.string()),
  originating_court: z
    .strictObject({ court_code: z.string(), case_id: z.string(), court_name: z.string() })
    .nullable(),
  oral_argument_date: dateSchema.nullable(),
});

const caseFields = {
  case_number: z.string(),
  case_name: z.string(),
  case_name_secondary: z.string().nullable(),
  case_name_secondary_language: z.enum(["en", "fr"]).nullable(),
  case_type: caseTypeSchema,
  court_code: z.string(),
  court_name: z.string(),
  jurisdiction_country: countrySchema,
  language: languageSchema.nullable(),
  date_filed: dateSchema.nullable(),
  date_terminated: dateSchema.nullable(),
  status: caseStatusSchema,
  assigned_judge: z.string().nullable(),
  nature_of_proceeding: z.string().nullable(),
  cause: z.string().nullable(),
  jury_demand: juryDemandSchema.nullable(),
  primary_parties: z.array(primaryPartySchema),
  appellate: appellateSchema.nullable(),
};

/** `context=basic`: header, status and primary parties. */
export const caseBasicSchema = z.strictObject(caseFields);

/** `context=full`: adds parties, cross-references and the chronological docket (never filtered). */
export const caseFullSchema = z.strictObject({
  ...caseFields,
  parties: z.array(partySchema),
  cross_references: z.array(crossReferenceSchema),
  docket_history: z.array(docketEntrySchema),
});

export type Attorney = z.infer<typeof attorneySchema>;
export type Party = z.infer<typeof partySchema>;
export type PrimaryParty = z.infer<typeof primaryPartySchema>;
export type CrossReference = z.infer<typeof crossReferenceSchema>;
export type Appellate = z.infer<typeof appellateSchema>;
export type CaseBasic = z.infer<typeof caseBasicSchema>;
export type CaseFull = z.infer<typeof caseFullSchema>;

import { z } from "zod";
import { caseBasicSchema, caseFullSchema } from "./case.ts";
import { courtSchema } from "./court.ts";
import { deltaSchema, truncationDetailsSchema } from "./docket-entry.ts";
import { errorObjectSchema } from "./errors.ts";
import {
  batchMetaSchema,
  caseMetaSchema,
  monitorMetaSchema,
  statusMetaSchema,
  walletMetaSchema,
} from "./meta.ts";
import { operationalStatusSchema, timestampSchema } from "./values.ts";
import { deliveryRecordSchema, keyRotationFields, walletAddressSchema, walletKeyStateFields } from "./wallet.ts";

export const caseResponseSchema = z.strictObject({
  meta: caseMetaSchema,
  case_id: z.string(),
  court_code: z.string(),
  // Full first: the strict basic schema refuses the extra keys of a full case.
  case: z.union([caseFullSchema, caseBasicSchema]),
  /** Only when `last_checked` was supplied. */
  delta: deltaSchema.optional(),
  /** Only when `meta.truncated` is true. */
  truncation_details: truncationDetailsSchema.optional(),
});
export type CaseResponse = z.infer<typeof caseResponseSchema>;

export const monitorResponseSchema = z.strictObject({
  meta: monitorMetaSchema,
  case_id: z.string(),
  court_code: z.string(),
  changed: z.boolean(),
  change_count: z.number().int().min(0),
  latest_activity_at: timestampSchema.nullable(),
});
export type MonitorResponse = z.infer<typeof monitorResponseSchema>;

export const batchResultSchema = z.discriminatedUnion("status", [
  z.strictObject({
    case_id: z.string(),
    court_code: z.string(),
    status: z.literal("success"),
    response: caseResponseSchema,
  }),
  z.strictObject({
    case_id: z.string(),
    court_code: z.string(),
    status: z.literal("error"),
    error: errorObjectSchema,
  }),
]);
export type BatchResult = z.infer<typeof batchResultSchema>;

export const batchResponseSchema = z.strictObject({
  meta: batchMetaSchema,
  results: z.array(batchResultSchema),
});
export type BatchResponse = z.infer<typeof batchResponseSchema>;

export const walletKeysResponseSchema = z.strictObject({ meta: walletMetaSchema, ...walletKeyStateFields });
export type WalletKeysResponse = z.infer<typeof walletKeysResponseSchema>;

export const walletKeyRotationResponseSchema = z.strictObject({ meta: walletMetaSchema, ...keyRotationFields });
export type WalletKeyRotationResponse = z.infer<typeof walletKeyRotationResponseSchema>;

export const walletDeliveriesResponseSchema = z.strictObject({
  meta: walletMetaSchema,
  wallet: walletAddressSchema,
  deliveries: z.array(deliveryRecordSchema),
  /** Pass as `cursor` for the next page; null when there are no more results. */
  next_cursor: z.string().nullable(),
});
export type WalletDeliveriesResponse = z.infer<typeof walletDeliveriesResponseSchema>;

export const statusResponseSchema = z.strictObject({
  meta: statusMetaSchema,
  api_version: z.string().regex(/^\d+\.\d+\.\d+$/),
  changelog_url: z.url(),
  operational_status: operationalStatusSchema,
  courts: z.array(courtSchema),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

import { z } from "zod";
import { callerTimestampSchema, documentIdentifierTypeSchema, filingTypeSchema, timestampSchema } from "./values.ts";

export const docketEntrySchema = z.strictObject({
  entry_number: z.number().int().nullable(),
  filed_at: timestampSchema,
  /** Normalized type; null when the source gives nothing to classify. */
  filing_type: filingTypeSchema.nullable(),
  filed_by: z.string().nullable(),
  description: z.string(),
  document_identifier: z.string().nullable(),
  document_identifier_type: documentIdentifierTypeSchema,
  /** Link to the document at the source court portal (may need credentials there). */
  external_url: z.url().nullable(),
});
export type DocketEntry = z.infer<typeof docketEntrySchema>;

export const deltaSchema = z.strictObject({
  /** Any new filing since `since` (whatever `filing_types` says). */
  changed: z.boolean(),
  /** The `last_checked` value supplied, as supplied. */
  since: callerTimestampSchema,
  /** Number of new filings since `since` (whatever `filing_types` says; the same as /v2/monitor). */
  change_count: z.number().int().min(0),
  /**
   * Filings that appeared on the docket after `since` (docs/live-data), filtered by `filing_types`, in
   * chronological order; empty when `changed` is false. With `truncated`, the earliest-appeared ones that fit.
   */
  new_filings: z.array(docketEntrySchema),
  /**
   * Added in 2.1.0: the new filings did not all fit under the response size ceiling. `new_filings` holds the
   * earliest that fit; pass `next_cursor` as `delta_cursor` (same case, same `last_checked`) for the rest.
   */
  truncated: z.boolean(),
  /** Added in 2.1.0: the continuation of a truncated delta, or null when this answer holds the rest. */
  next_cursor: z.string().nullable(),
});
export type Delta = z.infer<typeof deltaSchema>;

export const truncationDetailsSchema = z.strictObject({
  reason: z.literal("response_size_limit"),
  limit_bytes: z.number().int().positive(),
  total_entries: z.number().int().min(0),
  returned_entries: z.number().int().min(0),
  omitted_entries: z.number().int().min(1),
  /** filed_at of the oldest and newest omitted entry (the omitted entries are the oldest ones). */
  omitted_filed_from: timestampSchema,
  omitted_filed_to: timestampSchema,
});
export type TruncationDetails = z.infer<typeof truncationDetailsSchema>;

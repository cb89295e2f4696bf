// The `meta` block of each endpoint. Each variant is the exact field subset SERVICE-SPEC lists for it:
// strict objects, so a handler that adds or drops a field fails response validation.
import { z } from "zod";
import { coverageStatusSchema, contextSchema, languageSchema, timestampSchema } from "./values.ts";

const requestId = z.string().regex(/^req_[0-9a-z]{20,40}$/);
const tag = z.string().max(64).nullable();
const cost = z.number().min(0);

export const caseMetaSchema = z.strictObject({
  request_id: requestId,
  queried_at: timestampSchema,
  query_cost_usd: cost,
  coverage_status: coverageStatusSchema,
  cache_age_seconds: z.number().int().min(0),
  context_delivered: contextSchema,
  language_delivered: languageSchema,
  truncated: z.boolean(),
  sandbox: z.boolean(),
  tag,
});

export const monitorMetaSchema = z.strictObject({
  request_id: requestId,
  queried_at: timestampSchema,
  query_cost_usd: cost,
  coverage_status: coverageStatusSchema,
  sandbox: z.boolean(),
  tag,
});

export const walletMetaSchema = z.strictObject({
  request_id: requestId,
  queried_at: timestampSchema,
  query_cost_usd: cost,
  sandbox: z.boolean(),
});

export const statusMetaSchema = z.strictObject({
  request_id: requestId,
  queried_at: timestampSchema,
});

export const batchMetaSchema = z.strictObject({
  request_id: requestId,
  queried_at: timestampSchema,
  batch_size: z.number().int().min(1).max(50),
  successful: z.number().int().min(0),
  failed: z.number().int().min(0),
  total_cost_usd: cost,
  sandbox: z.boolean(),
  tag,
});

/**
 * Errors carry `request_id` and `queried_at` (spec), plus what a caller needs to trust the failure:
 * `query_cost_usd` (always 0: nothing that ends in an error is charged), `sandbox` and `tag`.
 */
export const errorMetaSchema = z.strictObject({
  request_id: requestId,
  queried_at: timestampSchema,
  query_cost_usd: z.literal(0),
  sandbox: z.boolean(),
  tag,
});

export type CaseMeta = z.infer<typeof caseMetaSchema>;
export type MonitorMeta = z.infer<typeof monitorMetaSchema>;
export type WalletMeta = z.infer<typeof walletMetaSchema>;
export type StatusMeta = z.infer<typeof statusMetaSchema>;
export type BatchMeta = z.infer<typeof batchMetaSchema>;
export type ErrorMeta = z.infer<typeof errorMetaSchema>;

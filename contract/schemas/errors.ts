// The one error envelope of every v2 endpoint (DECISIONS.md "Errors").
import { z } from "zod";
import { errorMetaSchema } from "./meta.ts";
import { timestampSchema } from "./values.ts";

/** The closed set of error codes. lib/errors.ts maps each to exactly one HTTP status. */
export const ERROR_CODES = [
  "invalid_parameter",
  "invalid_last_checked",
  "invalid_case_id",
  "payment_required",
  "court_not_found",
  "case_not_found",
  "method_not_allowed",
  "batch_too_large",
  "court_not_covered",
  "rate_limited",
  "source_unavailable",
  "internal_error",
  "payment_unavailable",
  "endpoint_not_found",
] as const;
export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorObjectSchema = z.strictObject({
  code: errorCodeSchema,
  message: z.string().min(1),
  /** `{base_url}/docs/errors#<code>`. */
  documentation_url: z.url(),
  /** The offending parameter or body field, e.g. `last_checked` or `queries[3].court_code`. */
  parameter: z.string().optional(),
  /** Batch: index of the query the error is about. */
  query_index: z.number().int().min(0).optional(),
  /**
   * rate_limited, payment_unavailable, and source_unavailable where no recovery time is known: whole seconds until a
   * retry can succeed (also sent as `Retry-After`).
   */
  retry_after: z.number().int().min(0).optional(),
  /** source_unavailable: when the source court system is expected back, where known. */
  estimated_recovery_at: timestampSchema.optional(),
  /** payment_required: the x402 payment requirements (also in the `PAYMENT-REQUIRED` header). */
  payment_requirements: z.array(z.record(z.string(), z.unknown())).optional(),
});
export type ErrorObject = z.infer<typeof errorObjectSchema>;

/**
 * `error.data` of an MCP tool error (a JSON-RPC error in a 200): our error object and the request's id; a
 * payment_required one also carries x402's PaymentRequired fields (x402Version, resource, accepts, error),
 * hence loose.
 */
export const mcpToolErrorDataSchema = z.looseObject({ ...errorObjectSchema.shape, request_id: z.string().min(1) });
export type McpToolErrorData = z.infer<typeof mcpToolErrorDataSchema>;

export const errorEnvelopeSchema = z.strictObject({
  meta: errorMetaSchema,
  error: errorObjectSchema,
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * The 402 answer: the envelope, plus x402 v1's body fields for v1 clients where the network has a v1 name
 * (v2 clients read the PAYMENT-REQUIRED header; `error.payment_requirements` carries the v2 terms).
 */
export const paymentRequiredEnvelopeSchema = errorEnvelopeSchema.extend({
  x402Version: z.literal(1).optional(),
  accepts: z.array(z.record(z.string(), z.unknown())).optional(),
});
export type PaymentRequiredEnvelope = z.infer<typeof paymentRequiredEnvelopeSchema>;

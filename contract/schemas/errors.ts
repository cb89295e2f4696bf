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

/**
 * x402 v2's PaymentRequirements: one way to pay, what a payer's x402 client signs for (x402's `accepts`).
 * Loose: x402 may add fields, and a payer passes them on as they came.
 */
export const paymentRequirementsSchema = z.looseObject({
  scheme: z.string(),
  /** CAIP-2, e.g. `eip155:8453` (Base). */
  network: z.templateLiteral([z.string(), ":", z.string()]),
  /** The token's contract address. */
  asset: z.string(),
  /** In the token's base units (USDC: 990000 = 0.99 USD). */
  amount: z.string(),
  payTo: z.string(),
  maxTimeoutSeconds: z.number().int(),
  /** The token's EIP-712 domain (`name`, `version`). */
  extra: z.record(z.string(), z.unknown()),
});
export type PaymentRequirements = z.infer<typeof paymentRequirementsSchema>;

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
  /**
   * payment_required: the x402 payment requirements (also in the `PAYMENT-REQUIRED` header), typed as x402's own,
   * so they pass to an x402 client's `createPaymentPayload` as they are.
   */
  payment_requirements: z.array(paymentRequirementsSchema).optional(),
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

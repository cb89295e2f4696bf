// Request schemas. They carry every rule that does not depend on the court registry or the clock; the
// server applies those (court exists / is covered, case_id pattern, `last_checked` not in the future).
import { z } from "zod";
import {
  FILING_TYPES,
  ISO_TIMESTAMP_WITH_OFFSET,
  isTimestampWithOffset,
  contextSchema,
  deliveryStatusSchema,
  languagePreferenceSchema,
} from "./values.ts";
import { DELIVERIES_LIMIT_MAX } from "./wallet.ts";

export const MAX_TAG_LENGTH = 64;
export const MAX_BATCH_QUERIES = 50;

/** The most characters of a caller's value that an error message quotes. */
export const MAX_QUOTED_CHARACTERS = 100;

/**
 * A caller's value quoted in an error message, cut after MAX_QUOTED_CHARACTERS with the cut marked. Over HTTP
 * the URL's length bounds what a message can echo; MCP arguments and batch bodies have no such bound, and a
 * 400 KB case_id was answered with 800 KB of error (message and data.message).
 */
export function quoteInput(value: string): string {
  if (value.length <= MAX_QUOTED_CHARACTERS) return `"${value}"`;
  // Never half a surrogate pair: the cut stays valid UTF-16 (and so valid JSON text).
  const cut = value.slice(0, MAX_QUOTED_CHARACTERS).replace(/[\uD800-\uDBFF]$/, "");
  return `"${cut}…" (${value.length} characters)`;
}

/** Explains precisely why a string is not an ISO-8601 timestamp with offset. */
export function describeBadTimestamp(input: unknown, name: string): string {
  if (typeof input !== "string" || input.trim() === "") {
    return `${name} must be an ISO-8601 timestamp with a timezone offset, e.g. 2026-11-20T14:00:00Z`;
  }
  const quoted = quoteInput(input);
  if (/^\d{4}-\d{2}-\d{2}$/.test(input)) {
    return `${name} ${quoted} is a bare date; send a timestamp with a timezone offset, e.g. ${input}T00:00:00Z`;
  }
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)? \d{2}:?\d{2}$/.test(input)) {
    return `${name} ${quoted} looks like a +hh:mm offset whose "+" became a space: in a URL query write "+" as %2B`;
  }
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(input)) {
    // The fraction has no length limit: a long one is not repeated as the example.
    const example = input.length <= MAX_QUOTED_CHARACTERS ? `${input.replace(" ", "T")}Z` : "2026-11-20T14:00:00Z";
    return `${name} ${quoted} has no timezone offset; append Z or ±hh:mm, e.g. ${example}`;
  }
  if (ISO_TIMESTAMP_WITH_OFFSET.test(input)) {
    return `${name} ${quoted} is not a real date and time`;
  }
  return `${name} ${quoted} is not an ISO-8601 timestamp with a timezone offset, e.g. 2026-11-20T14:00:00Z`;
}

const timestampParam = (name: string) =>
  z.string().refine(isTimestampWithOffset, { error: (issue) => describeBadTimestamp(issue.input, name) });

const requiredString = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .trim()
    .min(1, { error: `${name} is required` });

/** Comma-separated filing types, e.g. `motion,order`; filters `delta.new_filings` only. */
export const filingTypesParamSchema = z.string().superRefine((value, ctx) => {
  const parts = value.split(",").map((part) => part.trim().toLowerCase());
  const unknown = [...new Set(parts.filter((part) => !(FILING_TYPES as readonly string[]).includes(part)))];
  if (unknown.length > 0) {
    // A few of them, each quoted within bounds (quoteInput): the value itself has no length limit over MCP.
    const named = unknown.slice(0, 3).map((u) => (u === "" ? "an empty item" : quoteInput(u)));
    const more = unknown.length > named.length ? ` and ${unknown.length - named.length} more` : "";
    ctx.addIssue({
      code: "custom",
      message: `filing_types contains ${named.join(", ")}${more}; allowed values: ${FILING_TYPES.join(", ")}`,
    });
  }
});

/** The longest callback_url accepted (added in 2.1: a URL is an address, not a payload). */
export const MAX_CALLBACK_URL_LENGTH = 2_048;

/** A host name a connection can be made to: DNS labels (underscores allowed, as some hosts have them), an optional final dot. */
const HOST_LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * Why a well-formed http(s) URL can still never receive a delivery, or null. The spec does not pre-check the
 * URL (reachability is tried at delivery time), but one no connection can ever be made to is a mistake the
 * caller would pay for and learn of only after 18 hours of retries: a port 0, or a host that is no name
 * (`http://.../`, `http://*.example/`).
 */
function undeliverable(value: string): string | null {
  // Checks run on after a failed one: a value that is no URL has its own issue already.
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.port === "0") return "callback_url's port 0 cannot receive a connection";
  const host = url.hostname;
  if (host.startsWith("[")) return null;
  const labels = (host.endsWith(".") ? host.slice(0, -1) : host).split(".");
  if (host.length > 254 || !labels.every((label) => HOST_LABEL.test(label))) return `callback_url's host "${host.slice(0, 100)}" is not a host name`;
  return null;
}

export const callbackUrlSchema = z
  .string()
  .max(MAX_CALLBACK_URL_LENGTH, { error: `callback_url is longer than ${MAX_CALLBACK_URL_LENGTH} characters` })
  // Checked before the URL parser, which trims them or drops them silently.
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value) && value === value.trim(), { error: "callback_url has spaces around it or control characters in it" })
  .pipe(z.url({ protocol: /^https?$/, error: "callback_url must be an absolute http(s) URL" }))
  .superRefine((value, ctx) => {
    const problem = undeliverable(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .describe(`An absolute http(s) URL, at most ${MAX_CALLBACK_URL_LENGTH} characters, that receives the signed case_query_complete delivery.`);

/** What agents read about `last_checked` (the OpenAPI document takes it from here). */
const LAST_CHECKED_DESCRIPTION =
  "ISO-8601 timestamp with a timezone offset (Z or ±hh:mm); pass the previous answer's meta.queried_at. A bare date, a " +
  "timestamp without offset, or one more than 5 seconds ahead of the server's clock (the allowed clock skew) is refused with 400.";

/** Descriptions of the query fields, shared by every schema that has them (OpenAPI and MCP tools read them). */
const CASE_ID_DESCRIPTION =
  "The court's case number, e.g. 1:23-cv-04567 (federal district), 23-15678 (circuit), T-1234-23 (Federal Court of Canada). " +
  "Its format per court is case_id_format in GET /v2/status; letters and zero padding are normalized.";
const COURT_CODE_DESCRIPTION = "The court's code in the registry (GET /v2/status), lowercase, e.g. nysd, ca9, fct.";

const caseQueryFields = {
  case_id: requiredString("case_id").describe(CASE_ID_DESCRIPTION),
  court_code: requiredString("court_code").describe(COURT_CODE_DESCRIPTION),
  last_checked: timestampParam("last_checked").describe(`${LAST_CHECKED_DESCRIPTION} With it, the answer has a delta.`).optional(),
  context: contextSchema.describe("basic (default): the case header, its status and primary_parties; full: also parties (with attorneys), cross_references and the whole docket_history (newest entries kept within the response size limit).").optional(),
  language: languagePreferenceSchema.describe("Language of text fields where the court publishes two (Canadian federal courts): en or fr. Default: the court's primary language.").optional(),
  filing_types: filingTypesParamSchema.describe(`Comma-separated filing types that delta.new_filings is filtered to, e.g. motion,order; needs last_checked. Values: ${FILING_TYPES.join(", ")}.`).optional(),
  /**
   * Added in 2.1.0. `delta.next_cursor` of a previous answer whose delta was truncated: the answer continues
   * that delta (same case, same `last_checked`) after the filings already returned.
   */
  delta_cursor: z
    .string()
    .min(1, { error: "delta_cursor must be a delta.next_cursor value from a previous response" })
    .max(512, { error: "delta_cursor must be a delta.next_cursor value from a previous response" })
    .describe("delta.next_cursor of a previous answer whose delta was truncated, sent for the same case with the same last_checked: continues that delta.")
    .optional(),
};

// Query schemas are strict: a misspelt or v1-era parameter (`document_types`) is refused with a clear
// error instead of being ignored, so an agent never pays for an answer to a question it did not ask.
export const caseQuerySchema = z.strictObject({
  ...caseQueryFields,
  callback_url: callbackUrlSchema.optional(),
});
export type CaseQuery = z.infer<typeof caseQuerySchema>;

export const monitorQuerySchema = z.strictObject({
  case_id: requiredString("case_id").describe(CASE_ID_DESCRIPTION),
  court_code: requiredString("court_code").describe(COURT_CODE_DESCRIPTION),
  last_checked: timestampParam("last_checked").describe(LAST_CHECKED_DESCRIPTION),
  /** Not supported on monitor (SERVICE-SPEC "Events" 2): present → 400. */
  callback_url: z
    .never({ error: "callback_url is not supported on /v2/monitor; use GET /v2/case with callback_url" })
    .describe("Not supported on monitor: sending it answers 400 invalid_parameter. Callbacks are for GET /v2/case.")
    .optional(),
});
export type MonitorQuery = z.infer<typeof monitorQuerySchema>;

/** One query of a batch. Unknown fields are refused, so a misspelled filter never silently does nothing. */
export const batchQuerySchema = z.strictObject({
  ...caseQueryFields,
  callback_url: callbackUrlSchema.optional(),
});
export type BatchQuery = z.infer<typeof batchQuerySchema>;

export const batchRequestSchema = z.strictObject({
  queries: z
    .array(batchQuerySchema, { error: "queries must be an array of query objects" })
    .min(1, { error: "queries must hold at least one query" })
    .max(MAX_BATCH_QUERIES, { error: `a batch holds at most ${MAX_BATCH_QUERIES} queries` }),
});
export type BatchRequest = z.infer<typeof batchRequestSchema>;

export const deliveriesQuerySchema = z.strictObject({
  limit: z.coerce
    .number<string | number>({ error: `limit must be a whole number from 1 to ${DELIVERIES_LIMIT_MAX}` })
    .int({ error: `limit must be a whole number from 1 to ${DELIVERIES_LIMIT_MAX}` })
    .min(1, { error: `limit must be a whole number from 1 to ${DELIVERIES_LIMIT_MAX}` })
    .max(DELIVERIES_LIMIT_MAX, { error: `limit must be a whole number from 1 to ${DELIVERIES_LIMIT_MAX}` })
    .describe(`How many deliveries one page holds, 1 to ${DELIVERIES_LIMIT_MAX}.`)
    .optional(),
  cursor: z.string().min(1, { error: "cursor must be a next_cursor value from a previous response" }).describe("next_cursor of the previous page.").optional(),
  status: deliveryStatusSchema.describe("Only deliveries in this state.").optional(),
  since: timestampParam("since").describe("Only deliveries whose last attempt (last_attempt_at) is after this ISO-8601 timestamp (with offset).").optional(),
});
export type DeliveriesQuery = z.infer<typeof deliveriesQuerySchema>;

/** Headers every endpoint understands. */
export const commonHeadersSchema = z.object({
  "x-service-tag": z.string().max(MAX_TAG_LENGTH).describe(`Your own label for the request (at most ${MAX_TAG_LENGTH} characters, UTF-8), echoed in meta.tag.`).optional(),
  "x-service-test": z.literal("1").describe("1: answer from the free sandbox fixtures (same as the test=1 query parameter).").optional(),
});

/** GET /v2/status also takes the ETag of a copy the caller holds: 304 without a body while it is current. */
export const statusHeadersSchema = commonHeadersSchema.extend({
  "if-none-match": z.string().describe("The ETag of the copy you hold (from an earlier answer): 304 without a body while it is current.").optional(),
});

/** Paid endpoints also take an x402 payment proof: v2 `PAYMENT-SIGNATURE` or v1 `X-PAYMENT`. */
export const paidHeadersSchema = commonHeadersSchema.extend({
  "payment-signature": z.string().describe("x402 v2 payment: the base64 PaymentPayload signed for the requirements of the 402's PAYMENT-REQUIRED header.").optional(),
  "x-payment": z.string().describe("x402 v1 payment: the base64 payment payload signed for the 402 body's accepts.").optional(),
});

// The error answers of each operation in the OpenAPI document: which codes of the closed table
// (lib/errors.ts) each status of each operation can carry, said in the response's description, and an
// example of the first. The codes are those the handlers throw for that operation: a batch reports a
// missing case inside its 200, so its 404 is an unknown court; the free and wallet operations never ask
// a court's system, so their 503 is the payment service's.
import type { ErrorCode } from "@/contract";
import { findCourt } from "@/lib/courts/registry";
import { ServiceError } from "@/lib/errors";

const NOTHING_CHARGED = "Nothing was charged.";

/** One example per code, worded as the handlers word it. */
const EXAMPLES: { readonly [code in Exclude<ErrorCode, "payment_required" | "internal_error" | "endpoint_not_found">]: () => ServiceError } = {
  invalid_parameter: () => new ServiceError("invalid_parameter", 'Unknown query parameter "court_code": this endpoint takes none but test=1 (the sandbox).', { parameter: "court_code" }),
  invalid_last_checked: () =>
    new ServiceError("invalid_last_checked", "last_checked must be an ISO-8601 timestamp with a timezone offset, e.g. 2026-11-15T00:00:00Z.", { parameter: "last_checked" }),
  invalid_case_id: () => {
    const { pattern, example } = findCourt("nysd")!.case_id_format;
    return new ServiceError("invalid_case_id", `case_id "24-99999" does not match the format of nysd: pattern ${pattern}, for example "${example}".`, {
      parameter: "case_id",
    });
  },
  court_not_found: () =>
    new ServiceError("court_not_found", 'court_code "zzzz" is not in the court registry; GET /v2/status lists every court code.', { parameter: "court_code" }),
  case_not_found: () =>
    new ServiceError("case_not_found", `No case "1:24-cv-99999" exists at the Southern District of New York (nysd). ${NOTHING_CHARGED}`, { parameter: "case_id" }),
  method_not_allowed: () => new ServiceError("method_not_allowed", "GET is not allowed on /v2/mcp; use POST."),
  batch_too_large: () => new ServiceError("batch_too_large", "The batch holds 51 queries; at most 50 are allowed. Split it.", { parameter: "queries" }),
  court_not_covered: () =>
    new ServiceError("court_not_covered", "Ohio Court of Claims (ohctclaims) is planned but not covered yet; queries return 422 until coverage starts.", {
      parameter: "court_code",
    }),
  rate_limited: () => new ServiceError("rate_limited", `60 requests a minute per wallet. Retry in 17 s. ${NOTHING_CHARGED}`, { retry_after: 17 }),
  source_unavailable: () =>
    new ServiceError(
      "source_unavailable",
      `The source system of the District of Puerto Rico (prd) is unavailable; estimated recovery at 2026-11-20T14:15:00.000Z: retry then. ${NOTHING_CHARGED}`,
      { estimated_recovery_at: "2026-11-20T14:15:00.000Z" },
    ),
  payment_unavailable: () =>
    new ServiceError("payment_unavailable", "Payments cannot be checked right now: the payment facilitator cannot be reached. Nothing was charged; retry in 5 s.", {
      retry_after: 5,
    }),
};

/** Examples of an operation's own, where the shared one would be worded wrong for it. */
const OWN_EXAMPLES: Readonly<Record<string, Readonly<Record<string, () => ServiceError>>>> = {
  // A batch names the query an error is about (ServiceError.forQuery: queries[i]. before the field, query_index).
  batchCases: {
    "400": () => EXAMPLES.invalid_case_id().forQuery(3),
    "404": () => EXAMPLES.court_not_found().forQuery(0),
    "422": () => EXAMPLES.court_not_covered().forQuery(1),
  },
  // The delivery history takes parameters (limit, cursor, status, since).
  listWalletDeliveries: {
    "400": () => new ServiceError("invalid_parameter", "cursor is not a next_cursor value from a previous response.", { parameter: "cursor" }),
  },
  // The sandbox's limit on the free status: per client address, not per wallet.
  getStatus: {
    "429": () => new ServiceError("rate_limited", "Sandbox requests are limited to 60 a minute per client address. Retry in 12 s.", { retry_after: 12 }),
  },
};

type ExampleCode = keyof typeof EXAMPLES;
type StatusCodes = Readonly<Partial<Record<string, readonly ExampleCode[]>>>;

const CASE_QUERY: StatusCodes = {
  "400": ["invalid_case_id", "invalid_last_checked", "invalid_parameter"],
  "404": ["case_not_found", "court_not_found"],
  "422": ["court_not_covered"],
  "429": ["rate_limited"],
  "503": ["source_unavailable", "payment_unavailable"],
};
const WALLET: StatusCodes = { "400": ["invalid_parameter"], "429": ["rate_limited"], "503": ["payment_unavailable"] };

/** By operation id (contract/router.ts): the codes each error status carries, the example's first. */
export const OPERATION_ERRORS: Readonly<Record<string, StatusCodes>> = {
  getCase: CASE_QUERY,
  monitorCase: CASE_QUERY,
  // Per-query outcomes (a case not found, a court's system down) are results inside the 200.
  batchCases: {
    "400": ["invalid_case_id", "invalid_last_checked", "invalid_parameter"],
    "404": ["court_not_found"],
    "413": ["batch_too_large"],
    "422": ["court_not_covered"],
    "429": ["rate_limited"],
    "503": ["payment_unavailable"],
  },
  getWalletKeys: WALLET,
  rotateWalletKey: WALLET,
  listWalletDeliveries: WALLET,
  getStatus: { "400": ["invalid_parameter"], "429": ["rate_limited"] },
  mcp: { "400": ["invalid_parameter"], "405": ["method_not_allowed"] },
};

/** The codes an operation's error status carries (empty where the table has none: 402, 500). */
export function errorCodesOf(operationId: string, status: string): readonly ExampleCode[] {
  return OPERATION_ERRORS[operationId]?.[status] ?? [];
}

/** The example of an operation's error status: the operation's own where it has one, else its first code's. */
export function errorExampleOf(operationId: string, status: string): ServiceError | undefined {
  const own = OWN_EXAMPLES[operationId]?.[status];
  if (own) return own();
  const first = errorCodesOf(operationId, status)[0];
  return first ? EXAMPLES[first]() : undefined;
}

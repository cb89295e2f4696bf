// One closed error-code table, one error class, one mapper (DECISIONS.md "Errors").
import type { ErrorCode, ErrorObject } from "@/contract";

/** Exhaustive: adding a code to the contract without a status here fails type checking. */
export const ERROR_STATUS: { readonly [code in ErrorCode]: number } = {
  invalid_parameter: 400,
  invalid_last_checked: 400,
  invalid_case_id: 400,
  payment_required: 402,
  court_not_found: 404,
  case_not_found: 404,
  method_not_allowed: 405,
  batch_too_large: 413,
  court_not_covered: 422,
  rate_limited: 429,
  internal_error: 500,
  source_unavailable: 503,
  payment_unavailable: 503,
  endpoint_not_found: 404,
};

export type ErrorDetails = Omit<ErrorObject, "code" | "message" | "documentation_url">;

/** What an error adds to its HTTP answer besides the envelope (the 402's x402 header and v1 fields). */
export interface ErrorTransport {
  headers?: Record<string, string>;
  /** Top-level body fields next to `meta` and `error`. */
  body?: Record<string, unknown>;
}

export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;
  readonly transport: ErrorTransport;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}, transport: ErrorTransport = {}) {
    super(message);
    this.name = "ServiceError";
    this.code = code;
    this.details = details;
    this.transport = transport;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** The same error about query `index` of a batch: parameter names gain a `queries[i].` prefix. */
  forQuery(index: number): ServiceError {
    const parameter = this.details.parameter ? `queries[${index}].${this.details.parameter}` : undefined;
    return new ServiceError(this.code, `queries[${index}]: ${this.message}`, {
      ...this.details,
      ...(parameter ? { parameter } : {}),
      query_index: index,
    });
  }
}

export function documentationUrl(baseUrl: string, code: ErrorCode): string {
  return `${baseUrl}/docs/errors#${code}`;
}

export function toErrorObject(error: ServiceError, baseUrl: string): ErrorObject {
  return {
    code: error.code,
    message: error.message,
    documentation_url: documentationUrl(baseUrl, error.code),
    ...error.details,
  };
}

/** What a 500 says: never the internal message. */
export function internalError(): ServiceError {
  return new ServiceError(
    "internal_error",
    "An unexpected error occurred. Nothing was charged. Quote meta.request_id when contacting support.",
  );
}

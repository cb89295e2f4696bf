// JSON-RPC error codes. Protocol errors use the codes JSON-RPC 2.0 defines; tool-level errors use the
// server-error range (-32000..-32099), one code per error code of ours, with our error object in `data`.
import type { ErrorCode } from "@/contract";

export const RPC_PARSE_ERROR = -32700;
export const RPC_INVALID_REQUEST = -32600;
export const RPC_METHOD_NOT_FOUND = -32601;
export const RPC_INVALID_PARAMS = -32602;

export const TOOL_ERROR_CODES: { readonly [code in ErrorCode]: number } = {
  internal_error: -32000,
  invalid_parameter: -32010,
  invalid_last_checked: -32011,
  invalid_case_id: -32012,
  batch_too_large: -32013,
  payment_required: -32020,
  payment_unavailable: -32021,
  rate_limited: -32029,
  court_not_found: -32040,
  case_not_found: -32041,
  court_not_covered: -32042,
  endpoint_not_found: -32044,
  method_not_allowed: -32050,
  source_unavailable: -32053,
};

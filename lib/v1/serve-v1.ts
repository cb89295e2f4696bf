// The deprecated v1 endpoints, as adapters over v2: the v1 request is rewritten into a v2 request, answered
// by the v2 handler (validation, sandbox, payment, limits: all of it), and the answer is reshaped into v1's
// form with the deprecation headers. There is no second implementation.
import { V1_SUNSET } from "@/contract";
import { findCourt } from "@/lib/courts/registry";
import { ServiceError, toErrorObject } from "@/lib/errors";
import { beginRequest } from "@/lib/http/define-endpoint";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { logEvent } from "@/lib/log";
import { registerCallbackShape } from "./callback-shape";
import { errorToV1 } from "./to-v1";

/** Sunset: Wed, 28 Apr 2027 00:00:00 GMT (RFC 8594). */
export const SUNSET_HEADER = new Date(`${V1_SUNSET}T00:00:00Z`).toUTCString();

const PASSED_HEADERS = ["payment-required", "payment-response", "x-payment-response", "retry-after", "x-request-id", "cache-control", "etag", "vary"];

/**
 * v1's answers are another body than v2's: their ETags must differ, or a cache holding one would be told
 * (304) that it holds the other. v1's tag is v2's marked with v1's shape; bump V1_SHAPE when a v1 reshaping
 * (toV1) changes, so a v1 client's copy is not revalidated as current.
 */
const V1_SHAPE = "v1.1.";

/** v2's ETag `W/"x"` as v1's `W/"v1.1.x"`. */
function v1Etag(etag: string): string {
  return etag.replace(/^(W\/)?"/, `$1"${V1_SHAPE}`);
}

/** A v1 If-None-Match as v2 understands it: v1's own tags back to v2's, any other tag dropped (`*` kept). */
function v2IfNoneMatch(value: string): string | null {
  const tags = value
    .split(",")
    .map((tag) => tag.trim())
    .flatMap((tag) => {
      if (tag === "*") return [tag];
      const match = /^(W\/)?"(.*)"$/.exec(tag);
      return match && match[2]!.startsWith(V1_SHAPE) ? [`${match[1] ?? ""}"${match[2]!.slice(V1_SHAPE.length)}"`] : [];
    });
  return tags.length > 0 ? tags.join(", ") : null;
}

export interface V1Endpoint {
  /** The v2 path this endpoint adapts, e.g. /v2/case. */
  v2Path: string;
  v2Handler: (request: Request) => Promise<Response>;
  /** v1 query → v2 query (throws a ServiceError for v1-only mistakes). */
  rewriteQuery: (query: URLSearchParams) => URLSearchParams;
  toV1: (body: never) => Record<string, unknown>;
}

function deprecationHeaders(baseUrl: string, v2Path: string): Record<string, string> {
  return {
    deprecation: "true",
    sunset: SUNSET_HEADER,
    link: `<${baseUrl}/docs/changelog>; rel="deprecation"; type="text/html", <${baseUrl}${v2Path}>; rel="successor-version"`,
  };
}

/** An error in v1's shape (the error object alone), with the deprecation headers. */
function v1Error(error: ServiceError, baseUrl: string, v2Path: string, extra: Record<string, string>): Response {
  return new Response(JSON.stringify({ error: toErrorObject(error, baseUrl) }), {
    status: error.status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...deprecationHeaders(baseUrl, v2Path), ...extra },
  });
}

export async function serveV1(request: Request, endpoint: V1Endpoint): Promise<Response> {
  const { baseUrl, meta } = beginRequest(request);
  const original = new URL(request.url);
  let v2Url: URL;
  try {
    v2Url = new URL(`${endpoint.v2Path}?${endpoint.rewriteQuery(original.searchParams)}`, original);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return v1Error(error, baseUrl, endpoint.v2Path, { "x-request-id": meta.request_id });
  }
  const forwarded = new Headers(request.headers);
  const ifNoneMatch = forwarded.get("if-none-match");
  if (ifNoneMatch !== null) {
    const translated = v2IfNoneMatch(ifNoneMatch);
    if (translated === null) forwarded.delete("if-none-match");
    else forwarded.set("if-none-match", translated);
  }
  const v2Request = new Request(v2Url, { method: request.method, headers: forwarded });
  registerCallbackShape(v2Request, endpoint.toV1);
  const answer = await endpoint.v2Handler(v2Request);
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", ...deprecationHeaders(baseUrl, endpoint.v2Path) };
  for (const name of PASSED_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) headers[name] = name === "etag" ? v1Etag(value) : value;
  }
  if (answer.status === 304) return new Response(null, { status: 304, headers });
  let reshaped: Record<string, unknown>;
  try {
    const body = (await answer.json()) as Record<string, unknown>;
    reshaped = answer.ok ? endpoint.toV1(body as never) : errorToV1(body);
  } catch (error) {
    // v2 always answers JSON in the contract's shape; if that ever fails, still answer in the envelope,
    // keeping the payment headers (the v2 answer may have been paid for) and the request id.
    logEvent("error", `${endpoint.v2Path} via v1: the v2 answer could not be reshaped`, { detail: String(error) });
    const passed = Object.fromEntries(Object.entries(headers).filter(([name]) => PASSED_HEADERS.includes(name)));
    return v1Error(new ServiceError("internal_error", "The answer could not be converted to the v1 format; use the v2 endpoint."), baseUrl, endpoint.v2Path, passed);
  }
  return new Response(JSON.stringify(reshaped), { status: answer.status, headers });
}

/** v1 knew US courts only: a Canadian court code is refused as v1 refused it. */
export function refuseNonUsCourt(query: URLSearchParams): void {
  const code = query.get("court_code")?.trim().toLowerCase();
  const court = code ? findCourt(code) : undefined;
  if (court && court.jurisdiction_country !== "US") {
    throw new ServiceError("court_not_found", `court_code "${code}" is not served by /v1; Canadian courts are served by /v2 only.`, {
      parameter: "court_code",
    });
  }
}

/** v1's `document_types` (a JSON array) → v2's `filing_types` (a comma-separated string). */
export function rewriteDocumentTypes(query: URLSearchParams): void {
  const raw = query.get("document_types");
  if (raw === null) return;
  query.delete("document_types");
  let types: unknown;
  try {
    types = JSON.parse(raw);
  } catch {
    types = null;
  }
  if (!Array.isArray(types) || types.length === 0 || !types.every((type) => typeof type === "string")) {
    throw new ServiceError("invalid_parameter", 'document_types must be a JSON array of filing types, e.g. ["motion","order"].', {
      parameter: "document_types",
    });
  }
  if (!query.get("last_checked")) {
    // v2 would name its own filter, filing_types; a v1 caller sent document_types.
    throw new ServiceError(
      "invalid_parameter",
      "document_types filters new_filings, which are only listed with last_checked; send last_checked too.",
      { parameter: "document_types" },
    );
  }
  query.set("filing_types", types.join(","));
}

/** 405 for the methods a v1 endpoint does not take, in v1's error shape, with the deprecation headers. */
export function v1MethodNotAllowed(path: string, v2Path: string): (request: Request) => Promise<Response> {
  const refuse = methodNotAllowed(path, ["GET"]);
  return async (request) => {
    const answer = await refuse(request);
    const headers = new Headers(answer.headers);
    for (const [name, value] of Object.entries(deprecationHeaders(beginRequest(request).baseUrl, v2Path))) headers.set(name, value);
    return new Response(JSON.stringify(errorToV1((await answer.json()) as Record<string, unknown>)), { status: answer.status, headers });
  };
}

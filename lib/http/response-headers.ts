// Headers every answer carries. next.config.mjs sends the same set on every route (keep them in step);
// the raw-request guard uses this module for the few answers it gives before Next runs.
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "strict-transport-security": "max-age=63072000; includeSubDomains",
};

/**
 * CORS for the API (/v1, /v2): any origin may call it (no cookies or credentials are used; a payment is its
 * own credential), and a browser agent may read the x402 and request-id headers.
 */
export const CORS_EXPOSED_HEADERS = [
  "PAYMENT-REQUIRED",
  "PAYMENT-RESPONSE",
  "X-PAYMENT-RESPONSE",
  "X-Request-Id",
  "Retry-After",
  "ETag",
  "Deprecation",
  "Sunset",
  "Link",
  "Mcp-Session-Id",
].join(", ");

export const CORS_ALLOWED_HEADERS = [
  "Content-Type",
  "Accept",
  "PAYMENT-SIGNATURE",
  "X-PAYMENT",
  "X-Service-Test",
  "X-Service-Tag",
  "If-None-Match",
  "Mcp-Protocol-Version",
  "Mcp-Session-Id",
  "Last-Event-ID",
].join(", ");

/** The answer to a CORS preflight (OPTIONS with Access-Control-Request-Method) for a path serving `methods`. */
export function preflightResponse(methods: readonly string[]): Response {
  return new Response(null, {
    status: 204,
    headers: {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": [...new Set([...methods, "OPTIONS"])].join(", "),
      "access-control-allow-headers": CORS_ALLOWED_HEADERS,
      "access-control-max-age": "86400",
      vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
    },
  });
}

export function isPreflight(request: Request): boolean {
  return request.method === "OPTIONS" && request.headers.has("origin") && request.headers.has("access-control-request-method");
}

// Every path under /v1/ and /v2/ that names no endpoint answers 404 endpoint_not_found in the envelope
// (v1's error shape under /v1/), whatever the method; without this Next answers its HTML 404 page.
import { ServiceError, toErrorObject } from "@/lib/errors";
import { applyRequestSwitches, beginRequest, errorResponse } from "./define-endpoint";
import type { RouteHandler } from "./method-not-allowed";

function notFound(request: Request): ServiceError {
  const path = new URL(request.url).pathname;
  return new ServiceError(
    "endpoint_not_found",
    `There is no endpoint at ${path.slice(0, 200)}. The endpoints are listed in the OpenAPI document at /v2/openapi.json.`,
  );
}

export function endpointNotFound(version: "v1" | "v2"): Record<"GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", RouteHandler> {
  const answer: RouteHandler = async (request) => {
    const context = beginRequest(request);
    try {
      applyRequestSwitches(context);
    } catch {
      // A bad sandbox switch or tag does not change the answer: there is no endpoint either way.
    }
    if (version === "v2") return errorResponse(notFound(request), context, `${request.method} (unknown path)`);
    // v1 errors carry the error object alone (DECISIONS.md "Errors").
    return new Response(JSON.stringify({ error: toErrorObject(notFound(request), context.baseUrl) }), {
      status: 404,
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-request-id": context.meta.request_id },
    });
  };
  return { GET: answer, HEAD: answer, POST: answer, PUT: answer, PATCH: answer, DELETE: answer, OPTIONS: answer };
}

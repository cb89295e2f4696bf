// The 405 answer, in our envelope, for the HTTP methods an endpoint does not accept. Without it Next
// answers an empty 405 of its own, which breaks the promise of one error envelope on every endpoint.
import { ServiceError } from "@/lib/errors";
import { applyRequestSwitches, beginRequest, errorResponse } from "./define-endpoint";
import { isPreflight, preflightResponse } from "./response-headers";

export function methodNotAllowed(path: string, allowed: readonly string[]): (request: Request) => Promise<Response> {
  return async (request) => {
    const context = beginRequest(request);
    try {
      applyRequestSwitches(context);
    } catch {
      // A bad sandbox switch or tag does not change the answer: the method is wrong either way.
    }
    const response = errorResponse(
      new ServiceError(
        "method_not_allowed",
        `${request.method} is not allowed on ${path}; use ${allowed.join(" or ")}.`,
      ),
      context,
      `${request.method} ${path}`,
    );
    response.headers.set("allow", allowed.join(", "));
    return response;
  };
}

export type RouteHandler = (request: Request) => Promise<Response>;
type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/**
 * The 405 handler for every method, for a route to export the ones it does not serve:
 * `export const { PUT, DELETE, ... } = refuseOtherMethods("/v2/x", ["GET"])`.
 */
export function refuseOtherMethods(path: string, allowed: readonly Method[], refuse: RouteHandler = methodNotAllowed(path, allowed)): Record<Method, RouteHandler> {
  // OPTIONS from a browser's CORS preflight is answered (next.config.mjs adds the CORS headers to the
  // real answer); any other OPTIONS is refused like the other methods.
  const options: RouteHandler = async (request) => (isPreflight(request) ? preflightResponse(allowed) : refuse(request));
  return { GET: refuse, HEAD: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
}

// A callback's payload is "identical to the synchronous response body" (SERVICE-SPEC, Events 4): for a query
// made through /v1/case, that is the v1 body. The v1 adapter hands the v2 handler a request of its own making,
// and registers v1's reshaping for that request object here; the v2 handler records deliveries with it. Keyed
// by the object itself, so no header a caller could send can ask for it.
const shapes = new WeakMap<Request, (body: never) => Record<string, unknown>>();

export function registerCallbackShape(request: Request, shape: (body: never) => Record<string, unknown>): void {
  shapes.set(request, shape);
}

/** The body a delivery for this request carries: the response as the caller received it. */
export function callbackPayloadFor<T>(request: Request, response: T): T | Record<string, unknown> {
  const shape = shapes.get(request);
  return shape ? shape(response as never) : response;
}

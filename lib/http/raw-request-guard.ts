// What reaches the Node server before Next sees it. Three things cannot be done in a route handler:
// - the TCP peer's address is not visible there (TRUSTED_PROXY=none keys sandbox limits on it), so it is
//   written into PEER_ADDRESS_HEADER here, after removing any copy the caller sent;
// - TRACE makes the Fetch API's Request constructor throw inside Next (a plain-text 500 with a logged
//   stack), and the other methods Node's parser knows but route handlers cannot export (PROPFIND, PURGE,
//   SEARCH, ...) get an empty 400 from Next: all of them are answered 405 here, in the envelope;
// - a request target that is not a path (`OPTIONS * HTTP/1.1`) makes Next's URL parsing throw: 400 here;
//   the absolute form (`GET http://host/v2/status`), which servers must accept (RFC 9112 §3.2.2), is served
//   as its path and query, its host dropped (as for any request, links come from PUBLIC_BASE_URL where set).
// - a request whose headers or body never finish arriving held its buffered part for Node's default of
//   5 minutes (1,500 such connections: 900 MB): the server's timeouts are tightened to 20 s for the headers
//   and 30 s for the whole request (the 512 kB body limit needs 17 kB/s), which Node enforces itself, and
//   Node is made to look for such requests every second (its default, every 30 s, let them run up to 30 s
//   past either bound).
// Installed once per process from instrumentation.ts, for `next start` and `next dev`; on Vercel the
// platform answers these itself (and receives request bodies before the function runs).
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { getEnv } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { PEER_ADDRESS_HEADER } from "./client-address";
import { beginRequest, errorResponse } from "./define-endpoint";
import { deploymentOrigin } from "./public-origin";
import { SECURITY_HEADERS } from "./response-headers";

/** The methods a route handler can export; any other reaches no code of ours through Next. */
const ROUTE_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const SERVED_METHODS = "GET, HEAD, POST, OPTIONS";

type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
const INSTALLED = Symbol.for("court-docket-api.raw-request-guard");

/** Longest wait for a request's headers, and for the whole request (headers and body), in milliseconds. */
export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** How often Node looks for requests past those bounds: a request is closed at most this long after one. */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
const bounded = new WeakSet<http.Server>();

/** Node checks these on every connection at its own interval, reading the server's current values. */
function boundRequestTime(server: http.Server): void {
  bounded.add(server);
  const tighter = (current: number, bound: number) => (current > 0 && current < bound ? current : bound);
  server.headersTimeout = tighter(server.headersTimeout, HEADERS_TIMEOUT_MS);
  server.requestTimeout = tighter(server.requestTimeout, REQUEST_TIMEOUT_MS);
  checkTimeoutsOften(server as http.Server & { connectionsCheckingInterval: number });
}

/**
 * Node starts its timer for those checks when the server begins listening, at `connectionsCheckingInterval`
 * (30 s unless the server was created with another), and the guard first sees a server at its first
 * connection, later. Node's own start-up step for the checks (its 'listening' listener) replaces the timer
 * it set; it is run again with the shorter interval. Where a Node version lacks that listener, the checks keep
 * Node's interval (tests/unit/raw-request-guard.test.ts fails there).
 */
function checkTimeoutsOften(server: http.Server & { connectionsCheckingInterval: number }): void {
  if (!(server.connectionsCheckingInterval > TIMEOUT_CHECK_INTERVAL_MS)) return;
  server.connectionsCheckingInterval = TIMEOUT_CHECK_INTERVAL_MS;
  if (!server.listening) return; // read when it starts listening
  const startChecks = server.listeners("listening").find((listener) => listener.name === "setupConnectionsTracking");
  startChecks?.call(server);
}

export function installRawRequestGuard(): void {
  const prototype = http.Server.prototype as unknown as { emit: Emit; [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  prototype[INSTALLED] = true;
  const emit = prototype.emit;
  prototype.emit = function guardedEmit(event, ...args) {
    if (event === "connection" && !bounded.has(this)) boundRequestTime(this);
    if (event === "request") {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      const path = pathOfAbsoluteTarget(request.url ?? "");
      if (path !== null) request.url = path;
      delete request.headers[PEER_ADDRESS_HEADER];
      if (request.socket.remoteAddress) request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress;
      const refusal = refusalFor(request);
      if (refusal) {
        void answer(request, response, refusal);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  };
}

/** `http://host/v2/status?x=1` → `/v2/status?x=1`; null when the target is not an absolute http(s) URL. */
function pathOfAbsoluteTarget(target: string): string | null {
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

function refusalFor(request: IncomingMessage): ServiceError | null {
  const target = request.url ?? "";
  if (!target.startsWith("/")) {
    return new ServiceError("invalid_parameter", `The request target must be a path such as /v2/status (or an absolute http(s) URL); got "${target.slice(0, 40)}".`);
  }
  const method = (request.method ?? "").toUpperCase();
  if (!ROUTE_METHODS.has(method)) {
    return new ServiceError("method_not_allowed", `${method} is not allowed here; this API serves ${SERVED_METHODS.replace(/, (?=[^,]*$)/, " and ")}.`);
  }
  return null;
}

async function answer(request: IncomingMessage, response: ServerResponse, error: ServiceError): Promise<void> {
  // The deployment's origin, else the local server's (as Next's own request URLs name it), never the
  // caller's Host header.
  let origin = `http://localhost:${request.socket.localPort}`;
  try {
    origin = deploymentOrigin(getEnv()) ?? origin;
  } catch {
    // An invalid configuration stopped the server at start-up already.
  }
  const path = (request.url ?? "").startsWith("/") ? request.url! : "/";
  // Joined as text: `new URL("//elsewhere.example/x", origin)` would take the path's host as the origin.
  const context = beginRequest(new Request(`${new URL(origin).origin}${path}`, { method: "GET" }));
  const envelope = errorResponse(error, context, `${request.method} ${path}`);
  const headers: Record<string, string> = { ...SECURITY_HEADERS, "access-control-allow-origin": "*", connection: "close" };
  envelope.headers.forEach((value, name) => (headers[name] = value));
  if (error.code === "method_not_allowed") headers.allow = SERVED_METHODS;
  const body = await envelope.text();
  request.resume(); // a body sent with the refused request is read and dropped
  response.writeHead(envelope.status, headers);
  response.end(request.method === "HEAD" ? undefined : body);
}

// What reaches the Node server before Next sees it. Three things cannot be done in a route handler:
// - the TCP peer's address is not visible there (TRUSTED_PROXY=none keys sandbox limits on it), so it is
//   written into PEER_ADDRESS_HEADER here, after removing any copy the caller sent;
// - TRACE makes the Fetch API's Request constructor throw inside Next (a plain-text 500 with a logged
//   stack), and the other methods Node's parser knows but route handlers cannot export (PROPFIND, PURGE,
//   SEARCH, ...) get an empty 400 from Next: all of them are answered 405 here, in the envelope;
// - a request Node's own parser refuses (a method HTTP does not know, such as `BREW`; a malformed request
//   line, header or body framing) never becomes a request: Node answered it a bare 400 with no body. It is
//   answered 400 `invalid_parameter` in the envelope here, and the connection closed. Node's other refusals
//   keep its bare answers, since the closed error table has no code with their statuses: 431 (headers over
//   its limit), 413 (chunk extensions over its limit) and 408 (a request that did not arrive in time, below);
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
import type { Socket } from "node:net";
import { getEnv } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { PEER_ADDRESS_HEADER } from "./client-address";
import { beginRequest, errorResponse } from "./define-endpoint";
import { deploymentOrigin } from "./public-origin";
import { SECURITY_HEADERS } from "./response-headers";

/** The methods a route handler can export; any other reaches no code of ours through Next. */
const ROUTE_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const SERVED_METHODS = "GET, HEAD, POST, OPTIONS";
/** The same, as refusals say it. */
const SERVED_METHODS_TEXT = SERVED_METHODS.replace(/, (?=[^,]*$)/, " and ");

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
    if (event === "clientError") {
      const [error, socket] = args as [ParserError, Socket];
      const refusal = parserRefusal(error, socket.bytesRead === error.rawPacket?.length);
      // Anything else (the request time-out, a reset, Node's 431) goes to Node, which destroys the connection.
      if (refusal) {
        // Once a connection: bytes that arrive while the answer is written may be refused again.
        if (answering.has(socket)) return true;
        // HTTP/1.1 answers in order: while an earlier request on the connection is still being answered, any
        // answer written now would be read as that request's (Node writes its bare 400 there). The connection
        // is closed instead, with nothing written: the client sees the earlier request unanswered.
        if ((socket as Socket & { _httpMessage?: unknown })._httpMessage) {
          socket.destroy();
          return true;
        }
        if (socket.writable) {
          answering.add(socket);
          void answerOnSocket(socket, refusal);
          return true;
        }
      }
    }
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
    return new ServiceError("method_not_allowed", `${method} is not allowed here; this API serves ${SERVED_METHODS_TEXT}.`);
  }
  return null;
}

/** What Node's parser reports: an `HPE_*` code from llhttp, and the bytes it could not read. */
type ParserError = Error & { code?: string; rawPacket?: Buffer; bytesParsed?: number };

/** Node's refusals whose statuses the closed error table has no code for: Node answers those itself. */
const NODE_ANSWERED = new Set(["HPE_HEADER_OVERFLOW", "HPE_CHUNK_EXTENSIONS_OVERFLOW"]);

/**
 * The envelope's refusal for a request Node's parser refused; null where Node's own answer stays.
 * `firstPacket`: the packet holds all the connection has sent.
 */
function parserRefusal(error: ParserError, firstPacket: boolean): ServiceError | null {
  const code = error?.code ?? "";
  if (!code.startsWith("HPE_") || NODE_ANSWERED.has(code)) return null;
  if (code === "HPE_INVALID_METHOD") {
    // The method as sent, shown only when it is a plain token (it is the caller's text, echoed) and where its
    // line begins is known: the packet may hold earlier requests (the refused one is on the line where the
    // parser stopped), or begin in the middle of a line an earlier packet began.
    const packet = error.rawPacket?.toString("latin1") ?? "";
    const stopped = error.bytesParsed ?? 0;
    const newline = stopped > 0 ? packet.lastIndexOf("\n", stopped - 1) : -1;
    const line = newline >= 0 ? packet.slice(newline + 1) : firstPacket ? packet : "";
    const method = /^[A-Za-z0-9_.-]{1,20}(?= )/.exec(line)?.[0];
    return new ServiceError("invalid_parameter", `${method ? `${method} is not` : "The request method is not"} an HTTP method; this API serves ${SERVED_METHODS_TEXT}.`);
  }
  return new ServiceError("invalid_parameter", "The request is not well-formed HTTP/1.1 (its request line, a header or its body's framing could not be read).");
}

const answering = new WeakSet<Socket>();
/** How long a refused connection may take to receive its answer before it is destroyed. */
const ANSWER_LINGER_MS = 5_000;

/** The refusal's status, headers and body, linked to the deployment's docs. */
async function refusalAnswer(error: ServiceError, localPort: number | undefined, path: string, label: string) {
  // The deployment's origin, else the local server's (as Next's own request URLs name it), never the
  // caller's Host header.
  let origin = `http://localhost:${localPort}`;
  try {
    origin = deploymentOrigin(getEnv()) ?? origin;
  } catch {
    // An invalid configuration stopped the server at start-up already.
  }
  // Joined as text: `new URL("//elsewhere.example/x", origin)` would take the path's host as the origin.
  const context = beginRequest(new Request(`${new URL(origin).origin}${path}`, { method: "GET" }));
  const envelope = errorResponse(error, context, label);
  const headers: Record<string, string> = { ...SECURITY_HEADERS, "access-control-allow-origin": "*", connection: "close" };
  envelope.headers.forEach((value, name) => (headers[name] = value));
  if (error.code === "method_not_allowed") headers.allow = SERVED_METHODS;
  return { status: envelope.status, headers, body: await envelope.text() };
}

async function answer(request: IncomingMessage, response: ServerResponse, error: ServiceError): Promise<void> {
  const path = (request.url ?? "").startsWith("/") ? request.url! : "/";
  const { status, headers, body } = await refusalAnswer(error, request.socket.localPort, path, `${request.method} ${path}`);
  request.resume(); // a body sent with the refused request is read and dropped
  response.writeHead(status, headers);
  response.end(request.method === "HEAD" ? undefined : body);
}

/**
 * No request object exists for what the parser refused: the answer is written on the connection, which is then
 * destroyed. The server's connections are half-open: ending only our side would leave it open for as long as the
 * client keeps its own, past the request time-outs above (their 408 goes to Node, which finds nothing to write).
 */
async function answerOnSocket(socket: Socket, error: ServiceError): Promise<void> {
  try {
    const { status, headers, body } = await refusalAnswer(error, socket.localPort, "/", "unreadable request");
    const bytes = Buffer.from(body, "utf8");
    headers["content-length"] = String(bytes.length);
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join("");
    // Destroyed once the answer is written, or after a few seconds if the client does not read it.
    const linger = setTimeout(() => socket.destroy(), ANSWER_LINGER_MS);
    linger.unref();
    socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head}\r\n`, "latin1"), bytes]), () => {
      clearTimeout(linger);
      socket.destroy();
    });
  } catch {
    socket.destroy();
  }
}

// One court request on a connection opened for it alone, for requests that must not be sent twice (a billed
// report). fetch reuses kept-alive connections, and a connection the court closed while idle fails the next
// request on it just as a court that read the request and then dropped the connection does: whether the
// court may have acted on the request cannot be told there. Here it can: the request counts as received once
// all of it was handed to the socket ('finish') and, over https, the TLS handshake had completed (Node hands a
// request to a TLS socket before that, but nothing of it can leave before); a failure before that (name
// lookup, connecting, TLS, writing) means the court cannot have acted on it, since it needs the whole request.
import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";
import type { CookieJar } from "./cookie-jar";
import { nextHop, REDIRECT_STATUS, type Hop } from "./redirect-hop";

export interface ConnectionAnswer {
  status: number;
  /** The final URL (after redirects). */
  url: string;
  headers: Headers;
  body: Uint8Array;
}

export class OwnConnectionError extends Error {
  constructor(
    readonly failure: unknown,
    /** All of the request was written to the socket before the failure. */
    readonly written: boolean,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
    this.name = "OwnConnectionError";
  }
}

export interface OwnConnectionRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | FormData | URLSearchParams;
  signal: AbortSignal;
  /** Stores each redirect's cookies and sends the next hop the jar's (redirect-hop.ts). */
  cookies?: CookieJar;
  /** Called before a redirect is followed; what it throws ends the request as it is (a host in its quiet). */
  beforeHop?: (url: string) => void;
}

const MAX_REDIRECTS = 5;

/** Sends the request (following redirects as fetch does, keeping the cookies they set) and reads the whole answer. */
export async function sendOnOwnConnection(url: string, request: OwnConnectionRequest): Promise<ConnectionAnswer> {
  let hop: Hop = { url, method: request.method, body: request.body, headers: { ...request.headers } };
  let answered = false;
  for (let hops = 0; ; hops += 1) {
    let answer: ConnectionAnswer;
    try {
      answer = await sendOnce(hop.url, { ...request, method: hop.method, body: hop.body, headers: hop.headers });
    } catch (error) {
      // After a redirect the first request was answered: whatever fails later, it was received.
      if (error instanceof OwnConnectionError && answered && !error.written) throw new OwnConnectionError(error.failure, true);
      throw error;
    }
    answered = true;
    if (!REDIRECT_STATUS.has(answer.status) || !answer.headers.get("location")) return answer;
    if (hops >= MAX_REDIRECTS) throw new OwnConnectionError(new Error(`more than ${MAX_REDIRECTS} redirects`), true);
    let next: Hop | null;
    try {
      next = nextHop(hop, answer.status, answer.headers, request.cookies);
    } catch (error) {
      throw new OwnConnectionError(error, true);
    }
    if (!next) return answer;
    request.beforeHop?.(next.url);
    hop = next;
  }
}

/**
 * The body as sent: gzip, deflate and brotli undone, as fetch does (an unknown coding is returned as it came).
 * "deflate" is zlib-wrapped by the standard but raw from IIS and other servers: the first two bytes tell which
 * (a zlib header is a multiple of 31). Brotli is not asked for, but a server that sends it anyway answered.
 */
function decoded(body: Buffer, coding: string | undefined): Buffer {
  const name = coding?.trim().toLowerCase();
  if (body.byteLength === 0) return body;
  if (name === "gzip" || name === "x-gzip") return zlib.gunzipSync(body);
  if (name === "deflate") {
    const wrapped = body.byteLength >= 2 && (body[0]! & 0x0f) === 8 && ((body[0]! << 8) | body[1]!) % 31 === 0;
    return wrapped ? zlib.inflateSync(body) : zlib.inflateRawSync(body);
  }
  if (name === "br") return zlib.brotliDecompressSync(body);
  return body;
}

async function sendOnce(url: string, request: OwnConnectionRequest): Promise<ConnectionAnswer> {
  const headers: Record<string, string> = { ...request.headers, connection: "close", "accept-encoding": "gzip, deflate" };
  let payload: Uint8Array | undefined;
  let target: URL;
  try {
    if (request.body !== undefined) {
      // The body as fetch would send it (a FormData as multipart/form-data with its boundary).
      const encoded = new Request(url, { method: "POST", body: request.body });
      payload = new Uint8Array(await encoded.arrayBuffer());
      const type = encoded.headers.get("content-type");
      if (type && headers["content-type"] === undefined) headers["content-type"] = type;
      headers["content-length"] = String(payload.byteLength);
    }
    target = new URL(url);
  } catch (error) {
    throw new OwnConnectionError(error, false); // nothing was sent
  }
  const transport = target.protocol === "https:" ? https : http;
  return new Promise<ConnectionAnswer>((resolve, reject) => {
    let finished = false;
    let secured = target.protocol !== "https:";
    let responded = false;
    const written = () => responded || (finished && secured);
    // Whatever ends the exchange first settles it; later events change nothing.
    const fail = (error: unknown) => reject(new OwnConnectionError(error, written()));
    let outgoing: http.ClientRequest;
    try {
      outgoing = transport.request(target, { method: request.method, headers, agent: false, signal: request.signal }, (incoming) => {
        responded = true;
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", fail);
        incoming.on("close", () => {
          if (!incoming.complete) fail(new Error("the connection closed before the answer's end"));
        });
        incoming.on("end", () => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answerHeaders.append(name, one);
          }
          let body: Buffer;
          try {
            body = decoded(Buffer.concat(chunks), incoming.headers["content-encoding"]);
          } catch (error) {
            fail(error);
            return;
          }
          resolve({ status: incoming.statusCode ?? 0, url, headers: answerHeaders, body: new Uint8Array(body) });
        });
      });
    } catch (error) {
      reject(new OwnConnectionError(error, false));
      return;
    }
    outgoing.on("socket", (socket) => {
      if (!secured) socket.once("secureConnect", () => (secured = true));
    });
    outgoing.on("finish", () => (finished = true));
    outgoing.on("error", fail);
    // A connection closed with no answer and no error (e.g. an upgrade answer): never left waiting.
    outgoing.on("close", () => {
      if (!responded) fail(new Error("the connection closed without an answer"));
    });
    outgoing.end(payload);
  });
}

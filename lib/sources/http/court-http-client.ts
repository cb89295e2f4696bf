// The one HTTP client every court-system fetcher uses (DESIGN.md "Sources"): a deadline per attempt,
// bounded retries with exponential backoff and jitter for what a retry can cure (network errors, time-outs,
// 429 and 5xx on requests that are safe to repeat), a per-host pace and concurrency (paying callers' requests
// before background work's: request-priority.ts), an optional cookie jar (kept across redirects, which it
// follows itself: redirect-hop.ts), a User-Agent that says who we are,
// and listeners that see every exchange (tests record with them).
// It knows nothing about any one court system: what a page means is the fetcher's and reader's business.
import { getEnv } from "@/lib/env";
import { decodePage } from "../decode-page";
import type { CookieJar } from "./cookie-jar";
import { courtHostLimits } from "./court-host-limits";
import { HostLimiter, limitForHost, sleep, type HostLimit } from "./host-limiter";
import { currentFetchDeadline } from "./fetch-deadline";
import { currentRequestPriority } from "./request-priority";
import { nextHop, REDIRECT_STATUS, type Hop } from "./redirect-hop";
import { OwnConnectionError, sendOnOwnConnection, type ConnectionAnswer } from "./send-on-own-connection";

export interface CourtRequest {
  method?: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  body?: string | FormData | URLSearchParams;
  /** Repeat on network errors, time-outs, 429 and 5xx. Default: GET yes, POST no (say so for read-only forms). */
  retry?: boolean;
  /**
   * Repeat after a failure the server may have received the request before: a time-out, or a connection lost
   * after the request went out (default yes when retrying). A paid report may have been billed then: asking
   * again could pay twice, so such requests say no, and are sent on a connection of their own
   * (send-on-own-connection.ts), where a failure before the whole request was written is known not to have
   * reached the server: that one is repeated.
   */
  retryIfMaybeReceived?: boolean;
  /** Deadline of one attempt, in ms (default from configuration). */
  timeoutMs?: number;
  /** The caller's deadline for the whole exchange, retries included. */
  signal?: AbortSignal;
  cookies?: CookieJar;
  /** What the request is for, in recordings and logs ("pacer:docket"). */
  label?: string;
}

export interface CourtResponse {
  status: number;
  /** The final URL (after redirects). */
  url: string;
  headers: Headers;
  body: Uint8Array;
  /** Attempts made, the successful one included. */
  attempts: number;
  /** The body as text: UTF-8, or Windows-1252 where it is not (decode-page.ts). */
  text(): string;
}

/** One attempt as listeners see it. Cookie and authorization headers are never included. */
export interface CourtExchange {
  label: string | null;
  method: string;
  url: string;
  attempt: number;
  status: number | null;
  error: string | null;
  bytes: number;
  elapsedMs: number;
  requestHeaders: Record<string, string>;
}

export class CourtHttpError extends Error {
  constructor(
    message: string,
    readonly kind: "timeout" | "network" | "aborted",
    readonly attempts: number,
    /** The server may have received the request (and acted on it: billed it) without answering. */
    readonly maybeReceived: boolean,
    /** Not sent: the court's Retry-After asked for no request to its host before then. */
    readonly retryAt?: Date,
  ) {
    super(message);
    this.name = "CourtHttpError";
  }
}

export interface CourtHttpClientOptions {
  userAgent: string;
  timeoutMs: number;
  /** Retries after the first attempt. */
  retries: number;
  /** First backoff delay; each retry doubles it, jittered to 50–100 %. */
  backoffMs: number;
  defaultLimit: HostLimit;
  hostLimits?: ReadonlyArray<{ pattern: string; limit: HostLimit }>;
}

export interface CourtHttpClient {
  request(request: CourtRequest): Promise<CourtResponse>;
}

type Listener = (exchange: CourtExchange) => void;
const listeners = new Set<Listener>();

/** Sees every attempt of every court request in this process; returns the function that stops it. */
export function recordCourtHttp(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);
/** A gateway's error: the server behind it may have received the request and still be working on it. */
export const GATEWAY_STATUS = new Set([502, 504]);
const SECRET_HEADERS = new Set(["cookie", "authorization", "x-next-gen-cso"]);
/** fetch's failure after following 20 redirects (undici's words). */
const REDIRECT_LOOP = /redirect count exceeded/i;
/** A server's Retry-After is honoured up to this; beyond it we give up and report the outage instead. */
const MAX_RETRY_AFTER_MS = 30_000;

/** Statuses whose Retry-After asks for quiet from the whole host, not only for the one request. */
const QUIET_STATUS = new Set([429, 503]);

/** A quiet ending at `until` (epoch ms) leaves the fetch in progress no time to ask (fetch-deadline.ts). */
function outlastsFetch(until: number): boolean {
  const deadline = currentFetchDeadline();
  return deadline !== null && until >= deadline;
}

export function createCourtHttpClient(options: CourtHttpClientOptions): CourtHttpClient {
  const limiter = new HostLimiter((host) => limitForHost(options.hostLimits ?? [], options.defaultLimit, host));
  // Per host name: when a court's 429/503 Retry-After ends. Until then a request to it waits (up to
  // MAX_RETRY_AFTER_MS) or fails unsent: every caller and refresh asking again at once would be the hammering
  // the court asked us to stop, and could get the account or our address blocked.
  const quietUntil = new Map<string, number>();

  async function awaitQuiet(request: CourtRequest, host: string): Promise<void> {
    const until = quietUntil.get(host) ?? 0;
    const waitMs = until - Date.now();
    if (waitMs <= 0) return;
    const at = new Date(until);
    // Longer than we wait, or than the fetch has left (fetch-deadline.ts): the caller is told when it ends now,
    // not after waiting in vain.
    if (waitMs > MAX_RETRY_AFTER_MS || outlastsFetch(until)) throw new CourtHttpError(`${host}: not asked before ${at.toISOString()}, as its Retry-After said`, "network", 0, false, at);
    try {
      await sleep(waitMs, request.signal);
    } catch {
      throw new CourtHttpError(`${host}: gave up waiting for its Retry-After, which ends at ${at.toISOString()}`, "aborted", 0, false, at);
    }
  }

  /**
   * A redirect to a host in its quiet is not followed (whichever host the request was sent to): the caller is
   * told when the quiet ends. Waiting for it there would hold the host's turn the request took.
   */
  function refuseQuietHop(url: string): void {
    const host = new URL(url).hostname;
    const until = quietUntil.get(host) ?? 0;
    if (until <= Date.now()) return;
    const at = new Date(until);
    throw new CourtHttpError(`${host}: redirected to it, not asked before ${at.toISOString()}, as its Retry-After said`, "network", 0, false, at);
  }

  /**
   * The host's next turn, after any quiet it asked for. A request that waited for its turn while another's
   * answer asked for quiet is not sent then: it waits for the quiet's end, or fails unsent, as any other.
   */
  async function takeTurn(request: CourtRequest, host: string): Promise<() => void> {
    for (;;) {
      await awaitQuiet(request, host);
      const release = await limiter.acquire(host, request.signal, currentRequestPriority());
      if ((quietUntil.get(host) ?? 0) <= Date.now()) return release;
      release();
    }
  }

  async function attemptOnce(request: CourtRequest, attempt: number): Promise<CourtResponse> {
    const method = request.method ?? "GET";
    const headers: Record<string, string> = { "user-agent": options.userAgent, accept: "*/*", ...lowerKeys(request.headers ?? {}) };
    const cookie = request.cookies?.headerFor(request.url);
    if (cookie) headers.cookie = cookie;
    // Politeness is per host name (one court system), whatever the port.
    const host = new URL(request.url).hostname;
    const release = await takeTurn(request, host);
    const started = Date.now();
    const timeout = AbortSignal.timeout(request.timeoutMs ?? options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const exchange: CourtExchange = {
      label: request.label ?? null,
      method,
      url: request.url,
      attempt,
      status: null,
      error: null,
      bytes: 0,
      elapsedMs: 0,
      requestHeaders: Object.fromEntries(Object.entries(headers).filter(([name]) => !SECRET_HEADERS.has(name))),
    };
    try {
      const response =
        request.retryIfMaybeReceived === false
          ? await sendOnOwnConnection(request.url, { method, headers, body: request.body, signal, cookies: request.cookies, beforeHop: refuseQuietHop })
          : await fetchAnswer(request.url, { method, headers, body: request.body, signal, cookies: request.cookies, beforeHop: refuseQuietHop });
      const body = response.body;
      // Recorded before the turn is given to the next request waiting for it, so that one is not sent.
      // The host that answered is the one asking: a redirect's target's 429 quiets the target, not the host asked.
      const answeredBy = new URL(response.url || request.url).hostname;
      const retryAfter = QUIET_STATUS.has(response.status) ? retryAfterMs(response.headers.get("retry-after")) : null;
      if (retryAfter !== null) quietUntil.set(answeredBy, Math.max(quietUntil.get(answeredBy) ?? 0, Date.now() + retryAfter));
      request.cookies?.storeFrom(response.url || request.url, response.headers.getSetCookie());
      exchange.status = response.status;
      exchange.bytes = body.byteLength;
      return {
        status: response.status,
        url: response.url || request.url,
        headers: response.headers,
        body,
        attempts: attempt,
        // As every court page is read: UTF-8, Windows-1252 or both (decode-page.ts), never U+FFFD.
        text: () => decodePage(body),
      };
    } catch (error) {
      // A redirect to a host in its quiet, not followed: refused as the quiet refuses any request. The request
      // itself was received (its answer was the redirect): a billed report may have been billed, its receipt on
      // the page not asked for, so it counts as maybe received, as any failure after a redirect does
      // (send-on-own-connection.ts).
      if (error instanceof CourtHttpError) {
        exchange.error = error.message;
        throw new CourtHttpError(error.message, error.kind, attempt, true, error.retryAt);
      }
      const kind = request.signal?.aborted ? "aborted" : timeout.aborted ? "timeout" : "network";
      const detail = kind === "timeout" ? `no answer within ${request.timeoutMs ?? options.timeoutMs} ms` : describe(error);
      exchange.error = `${kind}: ${detail}`;
      // On a connection of its own, whether all of the request was written; on fetch's, only a connection
      // that never opened is known not to have carried it.
      const maybeReceived = error instanceof OwnConnectionError ? error.written : kind !== "network" || !neverConnected(error);
      throw new CourtHttpError(`${method} ${hostOf(request.url)} failed (${kind}): ${detail}`, kind, attempt, maybeReceived);
    } finally {
      exchange.elapsedMs = Date.now() - started;
      release();
      for (const listener of listeners) listener(exchange);
    }
  }

  return {
    async request(request) {
      const retry = request.retry ?? (request.method ?? "GET") === "GET";
      const attempts = retry ? options.retries + 1 : 1;
      for (let attempt = 1; ; attempt += 1) {
        let waitMs: number;
        // Whether the attempt before the wait may have reached the server unanswered (an answered one did not).
        let lastMaybeReceived = false;
        // The end of the quiet the wait below is for, when the court asked for one.
        let quietEnd: Date | undefined;
        try {
          const response = await attemptOnce(request, attempt);
          const retryAfter = retryAfterMs(response.headers.get("retry-after"));
          if (retryAfter !== null && QUIET_STATUS.has(response.status)) {
            // attemptOnce quieted the host that answered (a redirect's target, maybe). Longer than we wait, longer
            // than the fetch has left, or no attempt left: the caller is told when to come back (a court's
            // refusal, never a reading), as every request refused for the quiet is.
            const host = new URL(response.url).hostname;
            quietEnd = new Date(quietUntil.get(host) ?? Date.now() + retryAfter);
            if (retryAfter > MAX_RETRY_AFTER_MS || attempt >= attempts || outlastsFetch(quietEnd.getTime())) {
              throw new CourtHttpError(`${host} answered HTTP ${response.status}; not asked again before ${quietEnd.toISOString()}, as its Retry-After said`, "network", attempt, false, quietEnd);
            }
          }
          if (attempt >= attempts || !RETRYABLE_STATUS.has(response.status)) return response;
          if (request.retryIfMaybeReceived === false && GATEWAY_STATUS.has(response.status)) return response;
          // Any other status asking for longer than we wait (a gateway's 502 with an hour's Retry-After): its
          // answer is handed back now, not after that wait.
          if (retryAfter !== null && retryAfter > MAX_RETRY_AFTER_MS) return response;
          waitMs = retryAfter ?? backoff(options.backoffMs, attempt);
        } catch (error) {
          if (!(error instanceof CourtHttpError) || error.kind === "aborted" || error.retryAt || attempt >= attempts) throw error;
          // A redirect loop is the court's answer, the same each time: asking again is 21 more requests for it.
          if (REDIRECT_LOOP.test(error.message)) throw error;
          if (error.maybeReceived && request.retryIfMaybeReceived === false) throw error;
          lastMaybeReceived = error.maybeReceived;
          waitMs = backoff(options.backoffMs, attempt);
        }
        try {
          await sleep(waitMs, request.signal);
        } catch {
          throw new CourtHttpError(`${hostOf(request.url)}: gave up waiting to retry`, "aborted", attempt, lastMaybeReceived, quietEnd);
        }
      }
    },
  };
}

/** Exponential backoff with jitter: base × 2^(attempt−1), scaled by a random 50–100 %. */
export function backoff(baseMs: number, attempt: number): number {
  return Math.round(baseMs * 2 ** (attempt - 1) * (0.5 + Math.random() * 0.5));
}

function retryAfterMs(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

const lowerKeys = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
const hostOf = (url: string) => new URL(url).host;

/** Redirects fetch follows before giving up (undici's, worded as its failure so REDIRECT_LOOP reads it the same). */
const MAX_REDIRECTS = 20;

/** fetch, following redirects itself so the cookies a redirect sets are kept (redirect-hop.ts). */
async function fetchAnswer(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: CourtRequest["body"]; signal: AbortSignal; cookies?: CookieJar; beforeHop?: (url: string) => void },
): Promise<ConnectionAnswer> {
  let hop: Hop = { url, method: init.method, body: init.body, headers: init.headers };
  for (let hops = 0; ; hops += 1) {
    const response = await fetch(hop.url, { method: hop.method, headers: hop.headers, body: hop.body, signal: init.signal, redirect: "manual" });
    const next = REDIRECT_STATUS.has(response.status) ? nextHop(hop, response.status, response.headers, init.cookies) : null;
    if (!next) return { status: response.status, url: hop.url, headers: response.headers, body: new Uint8Array(await response.arrayBuffer()) };
    // The redirect's own body is not read: dropped with its connection's reuse, as fetch does.
    await response.body?.cancel().catch(() => undefined);
    if (hops >= MAX_REDIRECTS) throw new TypeError("fetch failed", { cause: new Error("redirect count exceeded") });
    init.beforeHop?.(next.url);
    hop = next;
  }
}

type SystemFailure = { code?: unknown; syscall?: unknown; errors?: SystemFailure[] };
/** A failure of the connection's opening: the name lookup or the connect call (several addresses: each of them). */
const openingFailed = (failure: SystemFailure): boolean =>
  Array.isArray(failure.errors) && failure.errors.length > 0 ? failure.errors.every(openingFailed) : failure.syscall === "connect" || failure.syscall === "getaddrinfo" || failure.code === "UND_ERR_CONNECT_TIMEOUT";

/** fetch failed before its connection opened (informational: requests that must not be repeated use their own). */
function neverConnected(error: unknown): boolean {
  const cause = (error as { cause?: SystemFailure } | null)?.cause;
  return cause !== undefined && cause !== null && openingFailed(cause);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}

let shared: CourtHttpClient | undefined;

/** The process's client, configured from lib/env.ts. */
export function getCourtHttpClient(): CourtHttpClient {
  if (!shared) {
    const env = getEnv();
    shared = createCourtHttpClient({
      userAgent: env.COURT_HTTP_USER_AGENT,
      timeoutMs: env.COURT_HTTP_TIMEOUT_MS,
      retries: env.COURT_HTTP_RETRIES,
      backoffMs: env.COURT_HTTP_BACKOFF_MS,
      // The same limits a batch's read queue keeps per host (court-host-limits.ts).
      ...courtHostLimits(env),
    });
  }
  return shared;
}

/** Tests that change the environment: the next getCourtHttpClient() reads it again. */
export function resetCourtHttpClientForTests(): void {
  shared = undefined;
}

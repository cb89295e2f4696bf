// One request to a court's CM/ECF server with the shared PACER session: the token set as the cookies
// CM/ECF expects (NextGenCSO, PacerSession for older servers, PacerClientCode), `Referer: https://external`,
// and, when the answer is CM/ECF's "not logged in" page, one fresh login and one more try
// (court-systems.md §1.1). An HTTP error status other than 404 is EcfUnavailable, no answer at all a
// CourtHttpError (pacer-source.ts reports both as unavailable); the caller reads the page (and runs
// detectRefusal on dockets).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { decodePage } from "@/lib/sources/decode-page";
import { CookieJar } from "@/lib/sources/http/cookie-jar";
import { CourtHttpError, GATEWAY_STATUS, getCourtHttpClient } from "@/lib/sources/http/court-http-client";
import { doublingWaitMs } from "./doubling-wait";
import { ecfBaseUrl, type PacerSettings } from "./pacer-settings";
import { pacerToken } from "./pacer-session";

export class EcfUnavailable extends Error {
  constructor(
    message: string,
    /** A gateway answered for the court: the court may have received the request (and billed it). */
    readonly maybeReceived = false,
  ) {
    super(message);
    this.name = "EcfUnavailable";
  }
}

/** Why a request went unanswered: its time-out, the caller's deadline, its connection, or a gateway's error. */
export type UnansweredBecause = CourtHttpError["kind"] | "gateway";

export interface EcfRequest {
  prisma: PrismaClient;
  settings: PacerSettings;
  courtCode: string;
  /** Path and query on the court's server: "/cgi-bin/DktRpt.pl?1-L_1_0-1". */
  path: string;
  /** Multipart form fields (CM/ECF's forms are all multipart): POST when present, else GET. */
  form?: Record<string, string>;
  label: string;
  signal?: AbortSignal;
  /**
   * A billed report: sent on a connection of its own, and not asked again after a failure PACER may have
   * received it before (a time-out, a connection lost after it went out): PACER may have billed the first one.
   */
  billable?: boolean;
  /**
   * Called when the request was sent but no answer came: its time-out, the fetch's deadline, its connection
   * lost after it went out, or a gateway's 502/504 for it. A billed report may have been billed then without a
   * receipt.
   */
  unanswered?(because: UnansweredBecause): Promise<void>;
  /** Whether a page is the "please log in" answer of an expired session. */
  loggedOut(text: string): boolean;
}

export interface EcfPage {
  text: string;
  bytes: number;
}

/** "This user has no access privileges defined." is a transient CM/ECF answer: asking again cures it. */
const NO_PRIVILEGES = /no access privileges defined/i;

/**
 * Courts that refused a fresh PACER session too (a court-side fault, or an account not enabled there), with
 * the token they refused and until when: a new login would be refused the same way, and logging in on every
 * query risks the account (court-systems.md §1.1), so requests to that court fail at once until then (15
 * minutes, doubling with each refusal in a row, up to a day), unless the shared token has changed since. Per
 * instance: each instance tries at most once per wait.
 */
const refusingCourts = new Map<string, { token: string; until: number; refusals: number }>();

/** For tests: forget the courts that refused fresh sessions. */
export function forgetRefusingCourts(): void {
  refusingCourts.clear();
}

export async function ecfRequest(request: EcfRequest): Promise<EcfPage> {
  const { prisma, settings, signal } = request;
  let token = await pacerToken(prisma, settings, { signal });
  const refusing = refusingCourts.get(request.courtCode);
  if (refusing && refusing.token === token && refusing.until > Date.now()) {
    throw new EcfUnavailable(`${request.courtCode}: CM/ECF refused a fresh PACER session; not logging in again before ${new Date(refusing.until).toISOString()}`);
  }
  let relogged = false;
  let privilegeRetry = false;
  for (;;) {
    let page: EcfPage;
    try {
      page = await send(request, token);
    } catch (error) {
      if (request.unanswered && error instanceof CourtHttpError && error.maybeReceived) await request.unanswered(error.kind);
      if (request.unanswered && error instanceof EcfUnavailable && error.maybeReceived) await request.unanswered("gateway");
      throw error;
    }
    if (request.loggedOut(page.text)) {
      if (relogged) {
        const refusals = (refusingCourts.get(request.courtCode)?.refusals ?? 0) + 1;
        const until = Date.now() + doublingWaitMs(refusals);
        refusingCourts.set(request.courtCode, { token, until, refusals });
        throw new EcfUnavailable(`${request.courtCode}: CM/ECF refused the session again after a fresh PACER login; not logging in again for it before ${new Date(until).toISOString()}`);
      }
      relogged = true;
      token = await pacerToken(prisma, settings, { replacing: token, signal });
      continue;
    }
    if (NO_PRIVILEGES.test(page.text) && !privilegeRetry) {
      privilegeRetry = true;
      continue;
    }
    refusingCourts.delete(request.courtCode);
    return page;
  }
}

async function send(request: EcfRequest, token: string): Promise<EcfPage> {
  const base = ecfBaseUrl(request.settings, request.courtCode);
  const url = `${base}${request.path}`;
  const jar = new CookieJar();
  const { hostname: host, protocol } = new URL(url);
  // Secure for an https server: a redirect of its to plain http does not carry the token in clear (cookie-jar.ts).
  const secure = protocol === "https:";
  jar.set(host, "NextGenCSO", token, "/", secure);
  jar.set(host, "PacerSession", token, "/", secure);
  if (request.settings.clientCode) jar.set(host, "PacerClientCode", request.settings.clientCode, "/", secure);
  let body: FormData | undefined;
  if (request.form) {
    body = new FormData();
    for (const [name, value] of Object.entries(request.form)) body.append(name, value);
  }
  const response = await getCourtHttpClient().request({
    method: body ? "POST" : "GET",
    url,
    body,
    cookies: jar,
    headers: { referer: "https://external" },
    // Reports and queries only read: repeating one after a failure is safe, except a billed report the court
    // may have received (it timed out, or its connection was lost after it went out): it may have been billed
    // (kept as an estimate, and left to the next refresh or query).
    retry: true,
    retryIfMaybeReceived: !request.billable,
    // A billed report is asked once: an attempt's time-out (COURT_HTTP_TIMEOUT_MS) shorter than the fetch's
    // deadline would give up on a slow docket the fetch could still wait for, after PACER may have billed it.
    // It waits as long as the fetch does (the fetch's signal ends it).
    ...(request.billable ? { timeoutMs: request.settings.reportTimeoutMs } : {}),
    label: request.label,
    signal: request.signal,
  });
  // A 404 page is read like any other (it may say "case not found"); other errors mean the court is not serving.
  if (response.status >= 400 && response.status !== 404) {
    throw new EcfUnavailable(`${request.courtCode}: CM/ECF answered HTTP ${response.status}`, Boolean(request.billable) && GATEWAY_STATUS.has(response.status));
  }
  return { text: decodePage(response.body), bytes: response.body.byteLength };
}

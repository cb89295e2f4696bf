// Each court host's pace and requests at once, from configuration: COURT_HTTP_HOST_LIMITS' rules for the host,
// else each court system's documented or polite pace, else COURT_HTTP_RATE_PER_SECOND / COURT_HTTP_CONCURRENCY.
// The court HTTP client's host limiter (court-http-client.ts) and a batch's read queue (lib/cases/read-queue.ts)
// both ask here, so a batch never starts more reads of one host than the client lets run at once: those
// waiting for it would lose their fetch deadline meanwhile.
import { getEnv, type Env } from "@/lib/env";
import { limitForHost, parseHostLimits, type HostLimit } from "./host-limiter";

/**
 * Each court system's documented or polite pace, unless COURT_HTTP_HOST_LIMITS says otherwise for the host:
 * Florida's ACIS about 2.5 requests a second (the pace Free Law Project keeps, notes §4), TAMES and the
 * Supreme Court's site one a second.
 */
const SYSTEM_HOST_LIMITS: ReadonlyArray<{ pattern: string; limit: HostLimit }> = [
  { pattern: "acis-api.flcourts.gov", limit: { ratePerSecond: 2.5, concurrency: 2 } },
  { pattern: "search.txcourts.gov", limit: { ratePerSecond: 1, concurrency: 2 } },
  { pattern: "www.supremecourt.gov", limit: { ratePerSecond: 1, concurrency: 2 } },
];

export interface CourtHostLimits {
  defaultLimit: HostLimit;
  hostLimits: ReadonlyArray<{ pattern: string; limit: HostLimit }>;
}

export function courtHostLimits(env: Env = getEnv()): CourtHostLimits {
  return {
    defaultLimit: { ratePerSecond: env.COURT_HTTP_RATE_PER_SECOND, concurrency: env.COURT_HTTP_CONCURRENCY },
    // The configured limits first: an exact host match is taken from the first rule that names it.
    hostLimits: [...parseHostLimits(env.COURT_HTTP_HOST_LIMITS), ...SYSTEM_HOST_LIMITS],
  };
}

/** The limit the court HTTP client keeps for this host name (any port). */
export function courtHostLimit(host: string, limits: CourtHostLimits = courtHostLimits()): HostLimit {
  return limitForHost(limits.hostLimits, limits.defaultLimit, host);
}

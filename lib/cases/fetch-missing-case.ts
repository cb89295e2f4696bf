// A cache miss for a covered court: fetch the case from its source once, store it, and let every other
// request for the same case (in this process or another instance) wait for that one fetch instead of
// asking the court's system again. The lease lives in the database (source_fetches); a negative outcome
// (not found, unavailable) is kept there briefly so waiting requests share it.
// A cached case no refresh kept current (lib/cases/is-kept-current.ts) is read again the same way.
import { randomUUID } from "node:crypto";
import type { CourtRecord } from "@/lib/courts/types";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";
import { fetchFromSource } from "@/lib/sources/fetch-from-source";
import { cacheKey } from "./read-cached-case";
import { storeCase } from "./store-case";

export type MissOutcome =
  | { kind: "stored" }
  | { kind: "not_found"; sealed?: boolean }
  /** `notRead`: the request's time to read its courts ran out before this case's turn (read-start-deadline.ts). */
  | { kind: "unavailable"; estimatedRecoveryAt: string | null; budgetSpent?: boolean; notRead?: boolean };

/** How long a "not found" answer is reused before the source is asked again. */
const NOT_FOUND_TTL_MS = 60_000;
/** How long an "unavailable" answer is reused (unless the source named an earlier recovery). */
const UNAVAILABLE_TTL_MS = 15_000;
const POLL_MS = 100;

const inFlight = new Map<string, Promise<MissOutcome>>();

export interface FetchMissingCaseOptions {
  prisma: PrismaClient;
  court: CourtRecord;
  caseId: string;
  now: Date;
  /**
   * The case is cached, but as last refreshed at this instant, which no refresh keeps current
   * (lib/cases/is-kept-current.ts): it is read again like a miss, unless a copy refreshed after it is stored.
   */
  refreshedAfter?: Date;
}

export function fetchMissingCase(options: FetchMissingCaseOptions): Promise<MissOutcome> {
  const key = cacheKey(options.court.court_code, options.caseId);
  // Concurrent misses in this process share one promise; other instances meet at the lease.
  let pending = inFlight.get(key);
  if (!pending) {
    pending = fetchThroughLease(options).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

interface LeaseRow {
  holder: string;
  state: string;
  expires_at: Date;
  estimated_recovery_at: Date | null;
}

/** The cross-instance part: take the database lease and fetch, or wait for whoever holds it. */
export async function fetchThroughLease({ prisma, court, caseId, now, refreshedAfter }: FetchMissingCaseOptions): Promise<MissOutcome> {
  const key = cacheKey(court.court_code, caseId);
  const timeoutMs = getEnv().SOURCE_TIMEOUT_MS;
  const leaseMs = timeoutMs + 10_000;
  const holder = randomUUID();
  const giveUpAt = Date.now() + leaseMs + 5_000;
  const cached = async () => {
    const row = await prisma.case.findUnique({ where: { courtCode_caseId: { courtCode: court.court_code, caseId } }, select: { lastRefreshedAt: true } });
    return row !== null && (refreshedAfter === undefined || row.lastRefreshedAt.getTime() > refreshedAfter.getTime());
  };
  for (;;) {
    // Take the lease when nobody holds it, or when the last holder's lease or outcome has expired.
    const claimed = await prisma.$queryRawUnsafe<{ holder: string }[]>(
      `INSERT INTO source_fetches (key, holder, state, expires_at, updated_at)
       VALUES ($1, $2, 'fetching', $3::timestamptz, now())
       ON CONFLICT (key) DO UPDATE
         SET holder = EXCLUDED.holder, state = 'fetching', expires_at = EXCLUDED.expires_at,
             estimated_recovery_at = NULL, updated_at = now()
         WHERE source_fetches.expires_at < $4::timestamptz
       RETURNING holder`,
      key,
      holder,
      new Date(Date.now() + leaseMs).toISOString(),
      new Date().toISOString(),
    );
    if (claimed[0]?.holder === holder) {
      // A holder stores the case before it frees the lease: if the case is here now, the fetch is done.
      if (await cached()) {
        await prisma.$executeRawUnsafe("DELETE FROM source_fetches WHERE key = $1 AND holder = $2", key, holder);
        return { kind: "stored" };
      }
      return fetchAndStore(key, holder, { prisma, court, caseId, now }, timeoutMs);
    }

    // Someone else holds it: wait for the case to appear, or for the outcome they recorded.
    const rows = await prisma.$queryRawUnsafe<LeaseRow[]>(
      "SELECT holder, state, expires_at, estimated_recovery_at FROM source_fetches WHERE key = $1",
      key,
    );
    const lease = rows[0];
    if (lease && lease.state !== "fetching" && lease.expires_at.getTime() >= Date.now()) {
      return outcomeOfState(lease.state, lease.estimated_recovery_at?.toISOString() ?? null);
    }
    if (await cached()) return { kind: "stored" };
    if (Date.now() > giveUpAt) return { kind: "unavailable", estimatedRecoveryAt: null };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function fetchAndStore(
  key: string,
  holder: string,
  { prisma, court, caseId, now }: FetchMissingCaseOptions,
  timeoutMs: number,
): Promise<MissOutcome> {
  try {
    const outcome = await fetchFromSource({ court, caseId, now, timeoutMs });
    if (outcome.kind === "found") {
      await storeCase({ prisma, record: outcome.case, source: outcome.source, keepParties: outcome.partiesOmitted, enteredSince: outcome.enteredSince, readFrom: outcome.readFrom, olderEntriesOmitted: outcome.olderEntriesOmitted });
      await prisma.$executeRawUnsafe("DELETE FROM source_fetches WHERE key = $1 AND holder = $2", key, holder);
      return { kind: "stored" };
    }
    const ttl = outcome.kind === "not_found" ? NOT_FOUND_TTL_MS : UNAVAILABLE_TTL_MS;
    const recovery = outcome.kind === "unavailable" ? outcome.estimatedRecoveryAt : null;
    // Sealed cases and spent fee budgets keep their own wording for the requests that wait on this lease.
    const state = outcome.kind === "not_found" ? (outcome.sealed ? "sealed" : "not_found") : outcome.budgetSpent ? "budget_spent" : "unavailable";
    await prisma.$executeRawUnsafe(
      `UPDATE source_fetches SET state = $3, expires_at = $4::timestamptz, estimated_recovery_at = $5::timestamptz, updated_at = now()
       WHERE key = $1 AND holder = $2`,
      key,
      holder,
      state,
      new Date(Date.now() + ttl).toISOString(),
      recovery,
    );
    return outcomeOfState(state, recovery);
  } catch (error) {
    // Storing failed: free the lease at once so the next request tries again, and report it upward.
    await prisma.$executeRawUnsafe("DELETE FROM source_fetches WHERE key = $1 AND holder = $2", key, holder).catch(() => undefined);
    throw error;
  }
}

function outcomeOfState(state: string, estimatedRecoveryAt: string | null): Exclude<MissOutcome, { kind: "stored" }> {
  if (state === "not_found") return { kind: "not_found" };
  if (state === "sealed") return { kind: "not_found", sealed: true };
  return { kind: "unavailable", estimatedRecoveryAt, ...(state === "budget_spent" ? { budgetSpent: true } : {}) };
}

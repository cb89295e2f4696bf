// Where a request's cases come from: the sandbox fixtures, or the normalized cache backed by the
// source adapters. Both answer many cases at once with one consistent read time (`queriedAt`), which
// becomes the response's meta.queried_at: the value agents pass back as `last_checked`.
import type { CoveredCourt } from "@/lib/courts/resolve-court";
import { listUnhealthyCourts } from "@/lib/courts/court-health";
import { getPrisma } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { recordVanishedCase } from "@/lib/refresh/record-vanished-case";
import { lookupSandboxCase } from "@/lib/sandbox/lookup-sandbox-case";
import { courtHostLimit, courtHostLimits } from "@/lib/sources/http/court-host-limits";
import { sourceForCourt } from "@/lib/sources/registry";
import { contentCacheFor } from "./case-content-cache";
import { caseLockKey, withCaseSnapshot } from "./case-snapshot";
import { fetchMissingCase, type MissOutcome } from "./fetch-missing-case";
import { isKeptCurrent, refreshedWithinCadence } from "./is-kept-current";
import { markCasesQueried } from "./mark-cases-queried";
import { markUnanswered } from "./mark-unanswered";
import { planUntrackedReads } from "./plan-untracked-reads";
import { ReadQueue } from "./read-queue";
import { readStartDeadline } from "./read-start-deadline";
import { cacheKey, readCachedCases } from "./read-cached-case";
import type { CaseLookup, CaseRecord } from "./types";

export interface CaseLookupRequest {
  court: CoveredCourt;
  caseId: string;
}

export interface CaseStore {
  lookup(requests: readonly CaseLookupRequest[], now: Date): Promise<{ queriedAt: Date; results: CaseLookup[] }>;
}

export const sandboxStore: CaseStore = {
  async lookup(requests, now) {
    return { queriedAt: now, results: await Promise.all(requests.map((request) => lookupSandboxCase(request.court, request.caseId, now))) };
  },
};

/** Source fetches for one request's misses run a few at a time (of one host, no more than it takes at once: read-queue.ts). */
const MISS_CONCURRENCY = 4;

/**
 * The host a court's cases are read from, as the court HTTP client names it (TAMES' and ACIS' courts share
 * theirs, each PACER court has its CM/ECF host); a court no host serves (the demo source) is its own.
 */
const courtHostOf = ({ court }: CaseLookupRequest): string => sourceForCourt(court)?.hostOf?.(court) ?? `court:${court.court_code}`;

/** Cases of one host read at once: no more than the court HTTP client lets run on it (court-host-limits.ts). */
function readsAtOnceFor(): (host: string) => number {
  const limits = courtHostLimits();
  return (host) => (host.startsWith("court:") ? MISS_CONCURRENCY : Math.min(MISS_CONCURRENCY, courtHostLimit(host, limits).concurrency));
}

export const liveStore: CaseStore = {
  async lookup(requests, now) {
    const startBy = readStartDeadline(Date.now());
    const prisma = await getPrisma();
    const keys = requests.map(({ court, caseId }) => ({ courtCode: court.court_code, caseId }));
    const lockKeys = keys.map(({ courtCode, caseId }) => caseLockKey(courtCode, caseId));
    // Cases whose content this instance holds at their current version are not read whole again.
    const cache = contentCacheFor(prisma);
    const read = () => withCaseSnapshot(prisma, lockKeys, async ({ tx, queriedAt }) => ({ queriedAt, cases: await readCachedCases(tx, keys, cache) }));

    let snapshot = await read();
    // Cases to read from their source first: those not cached, and those cached but left as they were by a
    // refresh schedule that no longer tracked them (is-kept-current.ts), which are read again the same way.
    const misses = new Map<string, CaseLookupRequest & { refreshedAfter?: Date }>();
    const behind: CaseLookupRequest[] = [];
    for (const request of requests) {
      const key = cacheKey(request.court.court_code, request.caseId);
      const record = snapshot.cases.get(key);
      if (!record) misses.set(key, request);
      else if (record.source_state === "found" && !refreshedWithinCadence(record.last_refreshed_at, request.court, now)) behind.push(request);
    }
    // Refreshed longer ago than the cadence (a quiet case whose free change signals said "unchanged", a court
    // down, or one no longer tracked): only the last is read again; when it was last queried says which. Its
    // court's free change signals, where it has any, are asked first, as a scheduled refresh asks them: a case
    // they show unchanged since its last reading is answered from the cache (plan-untracked-reads.ts).
    const untracked = behind.length > 0 ? await untrackedCases(prisma, behind, snapshot.cases, now) : [];
    const toRead = untracked.length > 0 ? await planUntrackedReads(untracked, now) : [];
    for (const request of toRead) {
      const key = cacheKey(request.court.court_code, request.caseId);
      misses.set(key, { ...request, refreshedAfter: new Date(snapshot.cases.get(key)!.last_refreshed_at) });
    }
    // What the signals recorded for the cases they vouched for (a cleared unanswered_since) is read again below.
    let readAgain = toRead.length < untracked.length;
    const missOutcomes = new Map<string, MissOutcome>();
    if (misses.size > 0) {
      const queue = new ReadQueue([...misses], readsAtOnceFor(), startBy, courtHostOf);
      const workers = Array.from({ length: Math.min(MISS_CONCURRENCY, misses.size) }, async () => {
        for (let taken = await queue.next(); taken; taken = await queue.next()) {
          const { key, request, late } = taken;
          // A case whose turn came too late is not read: it answers 503 unread, and a cached one is served as
          // last refreshed, as when its court does not answer.
          let outcome: MissOutcome = { kind: "unavailable", estimatedRecoveryAt: null, notRead: true };
          if (!late) {
            try {
              outcome = await fetchMissingCase({ prisma, court: request.court, caseId: request.caseId, now, refreshedAfter: request.refreshedAfter });
            } finally {
              queue.finish(request);
            }
          }
          missOutcomes.set(key, outcome);
          // A case read again that the court no longer shows: as a refresh records it (served through a few such
          // answers, sealed at once).
          if (request.refreshedAfter && outcome.kind === "not_found") await recordVanishedCase(prisma, request.court.court_code, request.caseId, outcome.sealed === true);
          // One the court did not answer: as an unanswered refresh, served as last refreshed (cache_age_seconds
          // says how old) while /v2/monitor does not say "no change" (monitor-case.ts); being served marks it
          // queried, so the refresh schedule tracks it again. A 503 here instead would repeat for as long as
          // the court does not answer a query's reading (an outage, a case PACER holds back), never tracked.
          // Not when a reading after it is stored meanwhile (another instance's).
          if (request.refreshedAfter && outcome.kind === "unavailable") await markUnanswered(prisma, request.court.court_code, [request.caseId], { refreshedNoLaterThan: request.refreshedAfter });
        }
      });
      await Promise.all(workers);
      if ([...misses].some(([key, request]) => request.refreshedAfter !== undefined || missOutcomes.get(key)?.kind !== "unavailable")) readAgain = true;
    }
    // Read again, in one snapshot, so the fetched cases (and those marked unanswered or vouched for) and queried_at agree.
    if (readAgain) snapshot = await read();

    const unavailable = [...missOutcomes.values()].some((outcome) => outcome.kind === "unavailable");
    const unhealthy = new Set(unavailable ? (await listUnhealthyCourts(prisma)).map((court) => court.courtCode) : []);
    const results: CaseLookup[] = requests.map(({ court, caseId }) => {
      const key = cacheKey(court.court_code, caseId);
      const record = snapshot.cases.get(key);
      const outcome = missOutcomes.get(key);
      // A case its source stopped showing is not served from the cache (lib/refresh/record-vanished-case.ts).
      if (record?.source_state === "sealed") return { kind: "not_found", sealed: true };
      if (record?.source_state === "missing") return { kind: "not_found", vanished: true };
      if (record) return { kind: "found", record };
      if (outcome?.kind === "not_found") return { kind: "not_found", ...(outcome.sealed ? { sealed: true } : {}) };
      return {
        kind: "unavailable",
        estimatedRecoveryAt: outcome?.kind === "unavailable" ? outcome.estimatedRecoveryAt : null,
        ...(outcome?.kind === "unavailable" && outcome.budgetSpent ? { budgetSpent: true } : {}),
        ...(outcome?.kind === "unavailable" && outcome.notRead ? { notRead: true } : {}),
        courtUnhealthy: unhealthy.has(court.court_code),
      };
    });
    const found = results.flatMap((result) => (result.kind === "found" ? [{ courtCode: result.record.court_code, caseId: result.record.case_id }] : []));
    await markCasesQueried(prisma, found, now);
    return { queriedAt: snapshot.queriedAt, results };
  },
};

/** Of these cached cases, those no refresh kept current: not queried within the tracking window. */
async function untrackedCases(
  prisma: PrismaClient,
  requests: readonly CaseLookupRequest[],
  records: ReadonlyMap<string, CaseRecord>,
  now: Date,
): Promise<CaseLookupRequest[]> {
  const rows = await prisma.case.findMany({
    where: { OR: requests.map(({ court, caseId }) => ({ courtCode: court.court_code, caseId })) },
    select: { courtCode: true, caseId: true, lastQueriedAt: true },
  });
  const queried = new Map(rows.map((row) => [cacheKey(row.courtCode, row.caseId), row.lastQueriedAt]));
  return requests.filter(({ court, caseId }) => {
    const key = cacheKey(court.court_code, caseId);
    return !isKeptCurrent(records.get(key)!.last_refreshed_at, queried.get(key) ?? null, court, now);
  });
}

export function caseStoreFor(sandbox: boolean): CaseStore {
  return sandbox ? sandboxStore : liveStore;
}

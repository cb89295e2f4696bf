// Refreshes cached cases of one court from its source: the same fetch and normalization as a cache miss,
// then an upsert that keeps first_seen_at of known entries (lib/cases/store-case.ts). Case status follows
// the source (open ↔ closed) because the whole header is replaced by what the source says now.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CourtRecord } from "@/lib/courts/types";
import { markUnanswered } from "@/lib/cases/mark-unanswered";
import { storeCase } from "@/lib/cases/store-case";
import { listAskedSince, recordAskedUnanswered } from "./already-asked";
import { recordVanishedCase } from "./record-vanished-case";
import { getEnv } from "@/lib/env";
import { logEvent } from "@/lib/log";
import { withFetchCause } from "@/lib/sources/fetch-cause";
import { fetchFromSource } from "@/lib/sources/fetch-from-source";
import { inBackground } from "@/lib/sources/http/request-priority";
import { sourceForCourt } from "@/lib/sources/registry";

export interface RefreshSummary {
  attempted: number;
  refreshed: number;
  newEntries: number;
  notFound: number;
  unavailable: number;
  /** The last reason the source gave for being unavailable. */
  lastError: string | null;
  /** Not fetched, nothing paid: known unchanged by the source's free change signals, or asked already (below). */
  skipped?: number;
  /**
   * Of `skipped`: asked since this run's tick by another run or a query (already-asked.ts): neither answered
   * nor failed here, so a run that asked nothing else is not counted in the court's health.
   */
  alreadyAsked?: number;
  /** A paid source's fee budget ran out: the run stopped, cached data stays as it is. */
  budgetSpent?: boolean;
}

export const emptySummary = (): RefreshSummary => ({ attempted: 0, refreshed: 0, newEntries: 0, notFound: 0, unavailable: 0, lastError: null });

export function addSummaries(a: RefreshSummary, b: RefreshSummary): RefreshSummary {
  return {
    attempted: a.attempted + b.attempted,
    refreshed: a.refreshed + b.refreshed,
    newEntries: a.newEntries + b.newEntries,
    notFound: a.notFound + b.notFound,
    unavailable: a.unavailable + b.unavailable,
    lastError: b.lastError ?? a.lastError,
    skipped: (a.skipped ?? 0) + (b.skipped ?? 0),
    alreadyAsked: (a.alreadyAsked ?? 0) + (b.alreadyAsked ?? 0),
    budgetSpent: Boolean(a.budgetSpent || b.budgetSpent),
  };
}

/**
 * How long a step's free change signals may take: eight fetch deadlines (`SOURCE_TIMEOUT_MS`), at most two
 * minutes. A step must end inside the function's time limit (Vercel: 300 s) and a retried step plans again: a
 * court whose free pages hang (3 attempts of 12 s each, per page, per case) would otherwise keep a 25-case step
 * planning for ~16 minutes, killed and retried before the run records the court's health. A healthy court's 25
 * cases need about 50 s at PACER's pace; a case not reached is read as when its signal fails.
 */
export function refreshPlanDeadlineMs(): number {
  return Math.min(120_000, 8 * getEnv().SOURCE_TIMEOUT_MS);
}

export interface RefreshCasesOptions {
  prisma: PrismaClient;
  court: CourtRecord;
  caseIds: readonly string[];
  now: Date;
  /** Source fetches at a time, so one court's system is not flooded. */
  concurrency?: number;
  /** What the fees of this run are recorded against (lib/sources/fetch-cause.ts); default "refresh:<court>". */
  cause?: string;
  /**
   * The run's tick: the cases asked at or after it (by an overlapping run, this step's failed attempt, or a query)
   * are skipped, not asked again. None (a direct call): every case is asked.
   */
  askedSince?: Date;
}

export async function refreshCases({ prisma, court, caseIds, now, concurrency = 4, cause, askedSince }: RefreshCasesOptions): Promise<RefreshSummary> {
  // Background work: a paying caller's request to the same court system goes first (request-priority.ts).
  return withFetchCause(cause ?? `refresh:${court.court_code}`, () => inBackground(() => refreshWithin({ prisma, court, caseIds, now, concurrency, askedSince })));
}

async function refreshWithin({ prisma, court, caseIds, now, concurrency = 4, askedSince }: RefreshCasesOptions): Promise<RefreshSummary> {
  const summary = emptySummary();
  // Asked since the tick: what this run would learn is known already (already-asked.ts).
  const asked = askedSince ? await listAskedSince(prisma, court.court_code, caseIds, askedSince) : new Set<string>();
  const toAsk = caseIds.filter((caseId) => !asked.has(caseId));
  summary.alreadyAsked = caseIds.length - toAsk.length;
  // Free change signals first (PACER's RSS, case query, entry counts): only what may have changed is fetched.
  const planner = sourceForCourt(court)?.planRefresh;
  let chosen: readonly string[] = toAsk;
  if (planner && toAsk.length > 0) {
    try {
      chosen = await planner({ court, caseIds: toAsk, now, signal: AbortSignal.timeout(refreshPlanDeadlineMs()) });
    } catch (error) {
      logEvent("warn", "refresh plan failed: fetching every tracked case", { court_code: court.court_code, detail: String(error) });
    }
  }
  summary.skipped = caseIds.length - chosen.length;
  const pending = [...chosen];
  const unchecked: string[] = [];
  // A case that throws (its store hit a database error) fails the whole step, which Inngest retries: the other
  // workers take no further case and finish the one they hold before the failure is reported, so nothing of this
  // attempt still runs (fetches, PACER reports bought) alongside the retry, which asks for the same cases again.
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    // The failure is looked at before a case is taken: a case taken and then dropped would be neither refreshed
    // nor left in `pending` for the budget-spent path to mark unanswered.
    for (let caseId = failure ? undefined : pending.shift(); caseId !== undefined; caseId = failure ? undefined : pending.shift()) {
      try {
        await refreshOne(caseId);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const refreshOne = async (caseId: string) => {
    const outcome = await fetchFromSource({ court, caseId, now });
    if (outcome.kind === "unavailable" && outcome.budgetSpent) {
      // Not the court's failure: stop paying, keep the cache, and say so. This case and those left unasked are
      // not brought up to date either, so a change check must not read them as "no change" (monitor-case.ts).
      summary.budgetSpent = true;
      unchecked.push(caseId, ...pending.splice(0));
      return;
    }
    summary.attempted += 1;
    if (outcome.kind === "found") {
      const stored = await storeCase({ prisma, record: outcome.case, source: outcome.source, keepParties: outcome.partiesOmitted, enteredSince: outcome.enteredSince, readFrom: outcome.readFrom, olderEntriesOmitted: outcome.olderEntriesOmitted });
      summary.refreshed += 1;
      summary.newEntries += stored.newEntries;
    } else if (outcome.kind === "not_found") {
      // Gone at the source (sealed, removed): sealed stops being served at once, missing after a few runs.
      summary.notFound += 1;
      await recordVanishedCase(prisma, court.court_code, caseId, outcome.sealed === true);
      logEvent("warn", "tracked case not found at the source", { court_code: court.court_code, case_id: caseId, sealed: outcome.sealed === true });
    } else {
      summary.unavailable += 1;
      summary.lastError = outcome.reason;
      // The cache could not be brought up to date: a change check must not read it as "no change" (monitor-case.ts).
      await markUnanswered(prisma, court.court_code, [caseId]);
      // Asked all the same: an older run overlapping this one does not ask again right away.
      await recordAskedUnanswered(prisma, court.court_code, caseId);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, caseIds.length)) }, worker));
  if (failure) {
    // The cases a spent fee budget left unasked are marked before the failure too: a retry that fails the same way
    // would otherwise leave their cache read as "no change". The failure is the one reported.
    await markUnanswered(prisma, court.court_code, unchecked).catch((error: unknown) =>
      logEvent("warn", "refresh: unasked cases not marked unanswered", { court_code: court.court_code, detail: String(error) }),
    );
    throw (failure as { error: unknown }).error;
  }
  await markUnanswered(prisma, court.court_code, unchecked);
  return summary;
}

// Refreshes cached cases of one court from its source: the same fetch and normalization as a cache miss,
// then an upsert that keeps first_seen_at of known entries (lib/cases/store-case.ts). Case status follows
// the source (open ↔ closed) because the whole header is replaced by what the source says now.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CourtRecord } from "@/lib/courts/types";
import { storeCase } from "@/lib/cases/store-case";
import { logEvent } from "@/lib/log";
import { fetchFromSource } from "@/lib/sources/fetch-from-source";

export interface RefreshSummary {
  attempted: number;
  refreshed: number;
  newEntries: number;
  notFound: number;
  unavailable: number;
  /** The last reason the source gave for being unavailable. */
  lastError: string | null;
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
  };
}

export interface RefreshCasesOptions {
  prisma: PrismaClient;
  court: CourtRecord;
  caseIds: readonly string[];
  now: Date;
  /** Source fetches at a time, so one court's system is not flooded. */
  concurrency?: number;
}

export async function refreshCases({ prisma, court, caseIds, now, concurrency = 4 }: RefreshCasesOptions): Promise<RefreshSummary> {
  const summary = emptySummary();
  const pending = [...caseIds];
  const worker = async () => {
    for (let caseId = pending.shift(); caseId !== undefined; caseId = pending.shift()) {
      summary.attempted += 1;
      const outcome = await fetchFromSource({ court, caseId, now });
      if (outcome.kind === "found") {
        const stored = await storeCase({ prisma, record: outcome.case, source: outcome.source });
        summary.refreshed += 1;
        summary.newEntries += stored.newEntries;
      } else if (outcome.kind === "not_found") {
        // Gone at the source (sealed, removed): keep what we have, and say so in the logs.
        summary.notFound += 1;
        logEvent("warn", "tracked case not found at the source", { court_code: court.court_code, case_id: caseId });
      } else {
        summary.unavailable += 1;
        summary.lastError = outcome.reason;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, caseIds.length)) }, worker));
  return summary;
}

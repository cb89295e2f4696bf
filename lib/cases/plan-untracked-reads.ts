// Which of the cached cases no refresh kept current (is-kept-current.ts) a query reads again from the court
// before answering them. Where the court's adapter has free change signals (planRefresh: PACER's feeds, entry
// counts, case query), they are asked first, as a scheduled refresh asks them, once per court for all of that
// court's cases: a case they show equal to the court's docket over the whole time since its last reading is
// answered from the cache, and the planner records for it what a scheduled refresh records for a case known
// unchanged (PACER: pacer_cases.verified_at, unanswered_since cleared; last_refreshed_at stays, so
// cache_age_seconds still says when the case was last read). Every other case is read, billed where the court
// bills, as before; so is every case of an adapter without signals, or whose signals could not be asked.
import type { CourtRecord } from "@/lib/courts/types";
import { getEnv } from "@/lib/env";
import { logEvent } from "@/lib/log";
import { sourceForCourt } from "@/lib/sources/registry";

export async function planUntrackedReads<T extends { court: CourtRecord; caseId: string }>(cases: readonly T[], now: Date): Promise<T[]> {
  const byCourt = new Map<string, T[]>();
  for (const kase of cases) byCourt.set(kase.court.court_code, [...(byCourt.get(kase.court.court_code) ?? []), kase]);
  const toRead = await Promise.all(
    [...byCourt.values()].map(async (group) => {
      const court = group[0]!.court;
      const adapter = sourceForCourt(court);
      if (!adapter?.planRefresh) return group;
      try {
        // The signals wait no longer than a fetch would: a court that does not answer them leaves its cases to be read.
        const chosen = new Set(
          await adapter.planRefresh({ court, caseIds: [...new Set(group.map((kase) => kase.caseId))], now, untracked: true, signal: AbortSignal.timeout(getEnv().SOURCE_TIMEOUT_MS) }),
        );
        return group.filter((kase) => chosen.has(kase.caseId));
      } catch (error) {
        logEvent("warn", "untracked cases' free signals failed: reading every one", { court_code: court.court_code, detail: String(error) });
        return group;
      }
    }),
  );
  return toRead.flat();
}

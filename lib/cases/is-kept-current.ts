// Whether the cache's copy of a case is one the refresh schedule keeps current (docs/live-data.md "The
// cache"). Only tracked cases, queried in the last 30 days, are refreshed: a case nobody asked about for longer
// was left as it was, and answering it from the cache would tell a "no change" (delta, /v2/monitor) for what
// the court docketed meanwhile. Such a copy is read again from the court before it is answered
// (lib/cases/case-store.ts), unless it was refreshed within its court's cadence anyway, or its court's free
// change signals show it unchanged since it was last read (lib/cases/plan-untracked-reads.ts).
import type { CourtRecord } from "@/lib/courts/types";
import { TRACKING_WINDOW_MS } from "@/lib/refresh/list-tracked-cases";

/** Refreshed within its court's cadence: current whether tracked or not (no need to ask when it was queried). */
export function refreshedWithinCadence(lastRefreshedAt: string, court: CourtRecord, now: Date): boolean {
  return now.getTime() - Date.parse(lastRefreshedAt) <= (court.refresh_cadence_seconds ?? 0) * 1000;
}

export function isKeptCurrent(lastRefreshedAt: string, lastQueriedAt: Date | null, court: CourtRecord, now: Date): boolean {
  if (lastQueriedAt !== null && lastQueriedAt.getTime() >= now.getTime() - TRACKING_WINDOW_MS) return true;
  return refreshedWithinCadence(lastRefreshedAt, court, now);
}

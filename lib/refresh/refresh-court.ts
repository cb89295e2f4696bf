// One court's refresh run outside Inngest (the local scheduler, scripts): tracked cases, in chunks,
// then the court's health. The Inngest function runs the same pieces as separate steps.
import { recordCourtRun } from "@/lib/courts/court-health";
import { findCourt } from "@/lib/courts/registry";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { listTrackedCaseIds } from "./list-tracked-cases";
import { emptySummary, refreshCases, type RefreshSummary } from "./refresh-cases";

export interface RefreshCourtOptions {
  prisma: PrismaClient;
  courtCode: string;
  now: Date;
  /** Only cases last refreshed before this time (the local scheduler's interval); default: all tracked. */
  staleBefore?: Date;
}

export async function refreshCourt({ prisma, courtCode, now, staleBefore }: RefreshCourtOptions): Promise<RefreshSummary> {
  const court = findCourt(courtCode);
  if (!court || court.coverage === "planned") return emptySummary();
  let caseIds = await listTrackedCaseIds(prisma, courtCode, now);
  if (staleBefore) {
    const stale = await prisma.case.findMany({
      where: { courtCode, caseId: { in: caseIds }, lastRefreshedAt: { lt: staleBefore } },
      select: { caseId: true },
    });
    caseIds = stale.map((row) => row.caseId);
  }
  if (caseIds.length === 0) return emptySummary();
  const summary = await refreshCases({ prisma, court, caseIds, now });
  await recordCourtRun(prisma, courtCode, courtRunOutcome(summary), now);
  return summary;
}

/** A run in which every fetch was "unavailable" is a failed run for the court. */
export function courtRunOutcome(summary: RefreshSummary): { answered: boolean; error: string | null } {
  return { answered: summary.refreshed + summary.notFound > 0 || summary.attempted === 0, error: summary.lastError };
}

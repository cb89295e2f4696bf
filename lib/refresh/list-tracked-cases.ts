// Tracked cases: queried in the last 30 days. Only those are refreshed on their court's cadence.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { findCourt } from "@/lib/courts/registry";

export const TRACKING_WINDOW_MS = 30 * 86_400_000;

export async function listTrackedCaseIds(prisma: PrismaClient, courtCode: string, now: Date): Promise<string[]> {
  const rows = await prisma.case.findMany({
    where: { courtCode, lastQueriedAt: { gte: new Date(now.getTime() - TRACKING_WINDOW_MS) } },
    select: { caseId: true },
    orderBy: { caseId: "asc" },
  });
  return rows.map((row) => row.caseId);
}

/**
 * Courts with tracked cases refreshed by the run of `cadenceSeconds` (900 or 3600): the courts of that
 * cadence, and for the hourly run also those of a longer one (courts of appeals read through PACER: daily
 * while queried in the last 7 days, weekly otherwise, at the next run after an item of their feed), whose
 * planner reads only the cases that are due (plan-appellate-refresh.ts).
 */
export async function listCourtsToRefresh(prisma: PrismaClient, cadenceSeconds: number, now: Date): Promise<string[]> {
  const rows = await prisma.case.findMany({
    where: { lastQueriedAt: { gte: new Date(now.getTime() - TRACKING_WINDOW_MS) } },
    select: { courtCode: true },
    distinct: ["courtCode"],
    orderBy: { courtCode: "asc" },
  });
  return rows
    .map((row) => row.courtCode)
    .filter((code) => {
      const court = findCourt(code);
      return (
        court !== undefined &&
        court.coverage !== "planned" &&
        court.refresh_cadence_seconds !== null &&
        (court.refresh_cadence_seconds === cadenceSeconds || (cadenceSeconds === 3600 && court.refresh_cadence_seconds > 3600))
      );
    });
}

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

/** Courts with tracked cases whose refresh cadence is `cadenceSeconds` (900 or 3600). */
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
      return court !== undefined && court.coverage !== "planned" && court.refresh_cadence_seconds === cadenceSeconds;
    });
}

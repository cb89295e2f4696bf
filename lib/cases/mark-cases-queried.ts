// Tracking: a case queried in the last 30 days is refreshed on its court's cadence. One statement for
// any number of cases, and a case already marked within the hour is not written again.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CaseKey } from "./read-cached-case";

const REMARK_AFTER_MS = 3_600_000;

export async function markCasesQueried(prisma: PrismaClient, keys: readonly CaseKey[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await prisma.case.updateMany({
    where: {
      OR: keys.map(({ courtCode, caseId }) => ({ courtCode, caseId })),
      AND: [{ OR: [{ lastQueriedAt: null }, { lastQueriedAt: { lt: new Date(now.getTime() - REMARK_AFTER_MS) } }] }],
    },
    data: { lastQueriedAt: now },
  });
}

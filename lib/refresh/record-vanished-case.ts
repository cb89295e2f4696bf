// A tracked case its source stops showing. A sealed case is not served from the moment the source says so;
// a case the source no longer finds is served from the cache until several refreshes in a row have not found
// it (a court system sometimes misses a case for a while), then answered 404 "no longer found at the source"
// and never charged. A later refresh that finds it again serves it again (lib/cases/store-case.ts).
// The court was asked all the same: last_asked_at, so an overlapping refresh run does not ask again (already-asked.ts).
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** Refreshes in a row that do not find a case before it stops being served. */
export const MISSING_AFTER_REFRESHES = 3;

export async function recordVanishedCase(prisma: PrismaClient, courtCode: string, caseId: string, sealed: boolean): Promise<void> {
  await prisma.$executeRawUnsafe(
    `UPDATE cases SET missing_refreshes = missing_refreshes + 1,
       source_state = CASE WHEN $3 THEN 'sealed'
                           WHEN missing_refreshes + 1 >= $4 THEN 'missing'
                           ELSE source_state END,
       unanswered_since = NULL, last_asked_at = now(), updated_at = now()
     WHERE court_code = $1 AND case_id = $2`,
    courtCode,
    caseId,
    sealed,
    MISSING_AFTER_REFRESHES,
  );
}

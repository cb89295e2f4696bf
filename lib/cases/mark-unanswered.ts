// A case whose refresh got no answer from its court's system (or was not made: the fee budget was spent), so
// /v2/monitor does not read its cache as "no change" (monitor-case.ts) until a reading is stored again. The
// first such refresh's time is kept.
import type { PrismaClient } from "@/lib/generated/prisma/client";

export interface MarkUnansweredOptions {
  /** Only a copy refreshed no later than this: a reading stored meanwhile (another instance's) answered it. */
  refreshedNoLaterThan?: Date;
}

export async function markUnanswered(prisma: PrismaClient, courtCode: string, caseIds: readonly string[], options: MarkUnansweredOptions = {}): Promise<void> {
  if (caseIds.length === 0) return;
  const guard = options.refreshedNoLaterThan ? " AND last_refreshed_at <= $3::timestamptz" : "";
  await prisma.$executeRawUnsafe(
    `UPDATE cases SET unanswered_since = COALESCE(unanswered_since, now()) WHERE court_code = $1 AND case_id = ANY($2::text[])${guard}`,
    courtCode,
    [...caseIds],
    ...(options.refreshedNoLaterThan ? [options.refreshedNoLaterThan.toISOString()] : []),
  );
}

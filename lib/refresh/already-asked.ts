// Which cases the court's system was asked for since a refresh run's tick, by anyone: Inngest's concurrency
// counts steps, not runs, so a court whose run outlasts its cadence (the 17 TAMES courts share one host at one
// request a second) has the next tick's run queued beside it, chunk after chunk. Each skips the cases asked
// since its own tick, so a case is asked once, by whichever run (or query) reaches it first, not once per run.
import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * Cases of `caseIds` asked at or after `since`: a reading begun then and stored (a run's or a query's: when it
 * was asked where the source keeps it, cases.read_from, PACER's reports; else when it was written,
 * last_refreshed_at, up to a fetch's deadline and the write's wait after), the court saying it is not there or not
 * answering a run (last_asked_at), all by the database's clock, or PACER's free signals showing the cached docket
 * equal to the court's
 * (pacer_cases.verified_at, a run's or a query's plan, by the instance's clock at the plan's start, before the
 * signals were asked). A reading asked before the tick and written after it holds what the court listed before:
 * not asked since. `since` is Inngest's: a skew of seconds asks a case once more or skips one asked that long
 * before the tick.
 */
export async function listAskedSince(prisma: PrismaClient, courtCode: string, caseIds: readonly string[], since: Date): Promise<Set<string>> {
  if (caseIds.length === 0) return new Set();
  const rows = await prisma.$queryRawUnsafe<{ case_id: string }[]>(
    `SELECT c.case_id FROM cases c
     LEFT JOIN pacer_cases p ON p.court_code = c.court_code AND p.case_id = c.case_id
     WHERE c.court_code = $1 AND c.case_id = ANY($2::text[])
       AND (COALESCE(c.read_from, c.last_refreshed_at) >= $3::timestamptz OR c.last_asked_at >= $3::timestamptz OR p.verified_at >= $3::timestamptz)`,
    courtCode,
    [...caseIds],
    since.toISOString(),
  );
  return new Set(rows.map((row) => row.case_id));
}

/** The court was asked for the case and gave a refresh run no answer: an older run overlapping this one skips it. */
export async function recordAskedUnanswered(prisma: PrismaClient, courtCode: string, caseId: string): Promise<void> {
  await prisma.$executeRawUnsafe(`UPDATE cases SET last_asked_at = now() WHERE court_code = $1 AND case_id = $2`, courtCode, caseId);
}

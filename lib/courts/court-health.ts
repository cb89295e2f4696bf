// Court health from refresh runs: a court whose source answers nothing but "unavailable" for several runs
// in a row is unhealthy, and GET /v2/status reports `degraded` while any covered court is. One run in
// which the source answered (found or not found) makes the court healthy again.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { forgetStatusMemo } from "@/lib/status/status-memo";

/** Refresh runs in a row, all unavailable, after which a court is unhealthy. */
export const UNHEALTHY_AFTER_FAILED_RUNS = 3;

export interface RunOutcome {
  /** The source answered at least once in the run. */
  answered: boolean;
  error: string | null;
  /**
   * Which run this is (the Inngest event's id): Inngest may execute one run twice (its event delivered twice, its
   * health step retried after the write went through), which counts once. None (local runs): always counted.
   */
  run?: string;
}

export async function recordCourtRun(prisma: PrismaClient, courtCode: string, outcome: RunOutcome, now: Date): Promise<void> {
  try {
    await writeCourtRun(prisma, courtCode, outcome, now);
  } finally {
    forgetStatusMemo();
  }
}

async function writeCourtRun(prisma: PrismaClient, courtCode: string, outcome: RunOutcome, now: Date): Promise<void> {
  if (outcome.answered) {
    // Counting nothing, it leaves last_run as it is: the failed run last counted, executed again after this one
    // (its health step retried after a later run answered), is still not counted twice.
    await prisma.courtHealth.upsert({
      where: { courtCode },
      create: { courtCode, consecutiveFailures: 0, lastSuccessAt: now, updatedAt: now },
      update: { consecutiveFailures: 0, unhealthySince: null, lastSuccessAt: now, updatedAt: now },
    });
    return;
  }
  // Atomic: two runs recording at once both count; the run last counted, recorded again, does not.
  await prisma.$executeRawUnsafe(
    `INSERT INTO court_health (court_code, consecutive_failures, last_failure_at, last_error, unhealthy_since, last_run, updated_at)
     VALUES ($1, 1, $2::timestamptz, $3, CASE WHEN 1 >= $4 THEN $2::timestamptz ELSE NULL END, $5, $2::timestamptz)
     ON CONFLICT (court_code) DO UPDATE SET
       consecutive_failures = court_health.consecutive_failures + 1,
       last_failure_at = EXCLUDED.last_failure_at,
       last_error = EXCLUDED.last_error,
       unhealthy_since = COALESCE(court_health.unhealthy_since,
         CASE WHEN court_health.consecutive_failures + 1 >= $4 THEN EXCLUDED.last_failure_at ELSE NULL END),
       last_run = EXCLUDED.last_run,
       updated_at = EXCLUDED.updated_at
     WHERE EXCLUDED.last_run IS NULL OR court_health.last_run IS DISTINCT FROM EXCLUDED.last_run`,
    courtCode,
    now.toISOString(),
    outcome.error?.slice(0, 500) ?? null,
    UNHEALTHY_AFTER_FAILED_RUNS,
    outcome.run ?? null,
  );
}

export async function listUnhealthyCourts(prisma: PrismaClient): Promise<{ courtCode: string; since: Date }[]> {
  const rows = await prisma.courtHealth.findMany({ where: { unhealthySince: { not: null } }, select: { courtCode: true, unhealthySince: true } });
  return rows.map((row) => ({ courtCode: row.courtCode, since: row.unhealthySince! }));
}

// A case's docket reports held back after reports that bought nothing usable: one sent but never answered
// (too slow for the fetch's deadline; PACER may have billed it without a receipt), or a billed page that is
// not a docket ("This case was administratively closed", "in the process of being opened", an error page
// with a receipt). Asking again at once would pay again for the same answer, on every query and every
// refresh run; so the next report waits 15 minutes, doubling with each such report in a row, up to a day
// (2 hours after unanswered ones). Any other answer (a docket, a refusal PACER did not bill) ends the hold.
import type { PrismaClient } from "@/lib/generated/prisma/client";

const FIRST_WAIT_MS = 15 * 60_000;
const LONGEST_WAIT_MS = 86_400_000;
/**
 * An unanswered report waits 2 hours at most: a court that hung for everyone (not one docket too large for the
 * deadline) must not keep its cases waiting long after it answers again.
 */
const LONGEST_UNANSWERED_WAIT_MS = 2 * 3_600_000;

/** What report_failure begins with for a report sent but never answered. */
export const UNANSWERED = "unanswered";

/** The wait after `failures` such reports in a row; `why` is what the last one gave. */
export function reportHoldMs(failures: number, why: string | null): number {
  const longest = why?.startsWith(UNANSWERED) ? LONGEST_UNANSWERED_WAIT_MS : LONGEST_WAIT_MS;
  return Math.min(longest, FIRST_WAIT_MS * 2 ** Math.max(0, failures - 1));
}

export interface ReportHold {
  until: Date;
  failures: number;
  /** What the last report gave: "unanswered", or the refusal's reason and words ("no_documents: ..."). */
  why: string;
}

/** The hold on a case's reports at `now`, if one is on. */
export async function reportHold(prisma: PrismaClient, courtCode: string, caseId: string, now: Date): Promise<ReportHold | null> {
  const row = await prisma.pacerCase.findUnique({
    where: { courtCode_caseId: { courtCode, caseId } },
    select: { reportFailures: true, reportFailedAt: true, reportFailure: true },
  });
  if (!row || row.reportFailures === 0 || !row.reportFailedAt) return null;
  const until = new Date(row.reportFailedAt.getTime() + reportHoldMs(row.reportFailures, row.reportFailure));
  return until.getTime() > now.getTime() ? { until, failures: row.reportFailures, why: row.reportFailure ?? "" } : null;
}

/** One more report that bought nothing usable (stamped by the database's clock). */
export async function holdReports(prisma: PrismaClient, courtCode: string, caseId: string, why: string): Promise<void> {
  await prisma.$executeRawUnsafe(
    `UPDATE pacer_cases SET report_failures = report_failures + 1, report_failed_at = clock_timestamp(), report_failure = $3
     WHERE court_code = $1 AND case_id = $2`,
    courtCode,
    caseId,
    why.slice(0, 300),
  );
}

export async function releaseReports(prisma: PrismaClient, courtCode: string, caseId: string): Promise<void> {
  await prisma.$executeRawUnsafe(
    `UPDATE pacer_cases SET report_failures = 0, report_failed_at = NULL, report_failure = NULL
     WHERE court_code = $1 AND case_id = $2 AND report_failures > 0`,
    courtCode,
    caseId,
  );
}

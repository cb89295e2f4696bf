// A case's docket reports held back after reports that bought nothing usable: one sent but never answered
// (too slow for the fetch's deadline, or the court hanging; PACER may have billed it without a receipt), or a
// billed page that is not a docket ("This case was administratively closed", "in the process of being
// opened", an error page with a receipt). Asking again at once would pay again for the same answer, on every
// query and every refresh run; so the next report waits 15 minutes, doubling with each such report in a
// row, up to a day. Any other answer (a docket, a refusal PACER did not bill) ends the hold.
// An incremental reading without parties is small: when one goes unanswered, the court was hanging, not the
// docket too large. When the court answers another report, the wait of such holds ends (their count stays,
// so a case that keeps failing is released three times at most, then only waits).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { PageRefusal, SourceResult } from "@/lib/sources/types";
import { doublingWaitMs } from "./doubling-wait";

/** A hold whose case failed more often than this is not ended by the court's answers: it only waits. */
const HANG_RELEASES = 3;

/** What report_failure begins with for a report sent but never answered ("unanswered docket_since"). */
export const UNANSWERED = "unanswered";
/** An unanswered incremental reading without parties: the court hanging. */
export const HANG_LIKE = `${UNANSWERED} docket_since`;

/** When a hold of `failures` reports in a row, the last at `failedAt`, ends; null when none is on at `now`. */
export function holdEnd(failures: number | null, failedAt: Date | null, now: Date): Date | null {
  if (!failures || !failedAt) return null;
  const until = new Date(failedAt.getTime() + doublingWaitMs(failures));
  return until.getTime() > now.getTime() ? until : null;
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
  const until = row && holdEnd(row.reportFailures, row.reportFailedAt, now);
  return until ? { until, failures: row.reportFailures, why: row.reportFailure ?? "" } : null;
}

/**
 * What a query of a held case answers, without asking PACER: a billed "not found" or "sealed" page keeps its
 * answer (404) while it holds; anything else is unavailable until the hold ends. Null when no hold is on.
 */
export function heldAnswer(courtCode: string, held: ReportHold | null): SourceResult | null {
  if (!held) return null;
  if (held.why.startsWith("case_not_found")) return { kind: "not_found" };
  if (held.why.startsWith("sealed")) return { kind: "sealed", message: held.why.replace(/^sealed:\s*/, "") };
  return {
    kind: "unavailable",
    reason: `${courtCode}: the docket report ${held.why.startsWith(UNANSWERED) ? "went unanswered (PACER may have billed it)" : `answered ${held.why}`} (${held.failures} time(s) in a row); not asked again before ${held.until.toISOString()}`,
    estimatedRecoveryAt: held.until.toISOString(),
  };
}

/**
 * What a query answers when a docket report came back refused: "sealed" and "not found" are the case's answer;
 * anything else is unavailable, until the hold a billed refusal put on (fetch-billed-report.ts) ends.
 */
export async function refusedAnswer(prisma: PrismaClient, courtCode: string, caseId: string, refusal: PageRefusal, now: Date): Promise<SourceResult> {
  if (refusal.reason === "sealed") return { kind: "sealed", message: refusal.message };
  if (refusal.reason === "case_not_found") return { kind: "not_found" };
  const hold = await reportHold(prisma, courtCode, caseId, now);
  return { kind: "unavailable", reason: `${courtCode}: the docket request answered ${refusal.reason}: ${refusal.message}`, estimatedRecoveryAt: hold?.until.toISOString() ?? null };
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

/**
 * The court answered this case's report: its hold ends; and the waits of the holds the court's hang left
 * (unanswered incremental readings, released three times at most) end with it.
 */
export async function releaseReports(prisma: PrismaClient, courtCode: string, caseId: string): Promise<void> {
  await prisma.$executeRawUnsafe(
    `UPDATE pacer_cases SET report_failures = 0, report_failed_at = NULL, report_failure = NULL
     WHERE court_code = $1 AND case_id = $2 AND report_failures > 0`,
    courtCode,
    caseId,
  );
  await prisma.$executeRawUnsafe(
    `UPDATE pacer_cases SET report_failed_at = NULL
     WHERE court_code = $1 AND report_failed_at IS NOT NULL AND report_failure = $2 AND report_failures <= $3`,
    courtCode,
    HANG_LIKE,
    HANG_RELEASES,
  );
}

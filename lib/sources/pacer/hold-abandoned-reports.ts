// Docket reports whose process died before it recorded them. A report's fee is reserved before it is asked for
// (fee-ledger.ts), and the fetch that reserved it settles, drops or keeps it as an estimate however it ends,
// within its deadline (SOURCE_TIMEOUT_MS: fetch-from-source.ts aborts the report then) and a few writes after.
// A reservation of a case still in flight well past that was left by a process killed or cut off between the
// request and the ledger's write: PACER may have billed the report, and neither the fee nor the case was
// recorded, so the next query, refresh run or Inngest retry of the step would buy it again at once. It is
// taken for what it is, a report sent and never answered: the estimate stays (no longer in flight: out of the
// budget's spend, as any unanswered report's estimate, and shown as estimated by `pacer:fees`), and the case is held
// as after one (report-hold.ts: 15 minutes, doubling). A reservation within its deadline is another fetch's,
// under way (a query and a refresh run may read one case at once): left alone, as before. The deadline is the
// one of the fetch that wrote the row (fetch_deadline_ms), not this instance's.
import { getEnv, SOURCE_TIMEOUT_MAX_MS } from "@/lib/env";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import { holdReports, UNANSWERED } from "./report-hold";

/**
 * Beyond the fetch's deadline, how long its last writes may take (the abandoned request ending, the estimate and
 * the hold written under a busy database) before its reservation is taken as abandoned.
 */
const WRITE_MARGIN_MS = 60_000;

/**
 * How long after it was written, by the database's clock, a report's reservation in flight is abandoned: its
 * fetch's deadline (the row's `fetch_deadline_ms`, which a fetch of this instance writes as this one) and the margin.
 */
export function abandonedAfterMs(fetchDeadlineMs = getEnv().SOURCE_TIMEOUT_MS): number {
  return fetchDeadlineMs + WRITE_MARGIN_MS;
}

/** What report_failure says of such a report: unanswered (heldAnswer's words), and why it is known only now. */
export const ABANDONED = (kind: string) => `${UNANSWERED} ${kind} (its fetch ended without recording it)`;

/**
 * Turns the reservations of these cases of a court abandoned in flight into estimates, and holds each such case
 * once. The update is the claim: of instances that look at once, only the one whose update took a case's rows
 * holds it. Returns the cases held (none: nothing changed).
 */
export async function holdAbandonedReports(prisma: PrismaClient, courtCode: string, caseIds: readonly string[]): Promise<string[]> {
  if (caseIds.length === 0) return [];
  const rows = await prisma.$queryRawUnsafe<{ case_id: string; kind: string }[]>(
    `UPDATE pacer_fees SET in_flight = false
     WHERE court_code = $1 AND case_id = ANY($2::text[]) AND in_flight AND kind IN ('docket_full', 'docket_since', 'docket_parties')
       AND written_at < clock_timestamp() - (COALESCE(fetch_deadline_ms, $3::int) + $4::int) * interval '1 millisecond'
     RETURNING case_id, kind`,
    courtCode,
    [...caseIds],
    // Each row by its own fetch's deadline: instances may be configured otherwise (a deploy raising SOURCE_TIMEOUT_MS
    // runs both), and this one's must not cut another's fetch short. A row that does not say (the release before
    // wrote it) gets the longest allowed.
    SOURCE_TIMEOUT_MAX_MS,
    WRITE_MARGIN_MS,
  );
  const kinds = new Map<string, string>();
  for (const row of rows) if (!kinds.has(row.case_id)) kinds.set(row.case_id, row.kind);
  for (const [caseId, kind] of kinds) {
    await holdReports(prisma, courtCode, caseId, ABANDONED(kind));
    logEvent("warn", "pacer docket report left in flight by a fetch that ended without recording it: kept as an estimate at the cap, and the case held", {
      court_code: courtCode,
      case_id: caseId,
      kind,
    });
  }
  return [...kinds.keys()];
}

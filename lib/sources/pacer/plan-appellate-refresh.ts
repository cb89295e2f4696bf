// Which tracked cases of a court of appeals a refresh run reads (pacer-courts.ts, APPELLATE_CADENCE_SECONDS):
// the appellate system gives no free change signal, so a case is read when its last stored reading is a
// cadence old (less one hourly run, so a case read at 10:05 is read again by the 10:00 run a day later, not
// at 11:00), when the cache does not hold it, and — as for district cases — when a hold left by a court that
// hung is on (the adapter then answers "unavailable" without asking PACER, so the court is seen as failing).
// Other held cases wait. With the fee budget spent every case goes on to the adapter, which answers "budget
// spent" without asking, and the run stops and says so (refresh-cases.ts).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { RefreshPlanRequest } from "@/lib/sources/types";
import { budgetState } from "./fee-ledger";
import { APPELLATE_CADENCE_SECONDS } from "./pacer-courts";
import type { PacerSettings } from "./pacer-settings";
import { HANG_LIKE, holdEnd } from "./report-hold";

/** The hourly run's period: a case due within it is read by this run. */
const RUN_MS = 3_600_000;

interface Row {
  case_id: string;
  last_refreshed_at: Date | null;
  report_failures: number | null;
  report_failed_at: Date | null;
  report_failure: string | null;
}

export async function planAppellateRefresh(prisma: PrismaClient, settings: PacerSettings, { court, caseIds, now }: RefreshPlanRequest): Promise<string[]> {
  if (caseIds.length === 0) return [];
  if ((await budgetState(prisma, settings, now)).spent) return [...caseIds];
  const rows = await prisma.$queryRawUnsafe<Row[]>(
    `SELECT ids.case_id, c.last_refreshed_at, p.report_failures, p.report_failed_at, p.report_failure
     FROM unnest($2::text[]) AS ids(case_id)
     LEFT JOIN pacer_cases p ON p.court_code = $1 AND p.case_id = ids.case_id
     LEFT JOIN cases c ON c.court_code = $1 AND c.case_id = ids.case_id`,
    court.court_code,
    [...caseIds],
  );
  const dueBefore = now.getTime() - (APPELLATE_CADENCE_SECONDS * 1000 - RUN_MS);
  return rows
    .filter((row) => {
      if (holdEnd(row.report_failures, row.report_failed_at, now) !== null) return row.report_failure === HANG_LIKE;
      return row.last_refreshed_at === null || row.last_refreshed_at.getTime() <= dueBefore;
    })
    .map((row) => row.case_id);
}

// Which tracked cases of a court of appeals a refresh run reads (pacer-courts.ts, APPELLATE_CADENCE_SECONDS).
// The court's free feed lists orders, opinions and judgments (some circuits' opinions only): a case it showed
// one for, in an item our poller first saw after the latest stored reading of the case began (cases.read_from,
// the database's clock, as the poller's; and dated after it, less PACER_FEED_SKEW_SECONDS: reading-start.ts,
// the district courts' rule), is read at once — an item docketed while a reading was under way is not in it.
// Nothing free tells of the other filings, so every other reading is billed and what is read follows what is asked: a case queried in the last
// APPELLATE_ACTIVE_DAYS is read when the court's last answer for it (pacer_cases.answered_at: a docket, or a
// notice such as "sealed" that stores no reading; else its last stored reading) is a day old; one not queried
// since, when it is a week old (tracked cases are kept 30 days after their last query: read daily all that
// time, a case queried once would cost about three times its query). Both less half an hourly run, so a case
// read at 10:00:05 is read again by the 10:00 run, neither by the 09:00 one (which would move its reading an
// hour earlier each day) nor at 11:00, whatever the runs' jitter. A case the cache does not hold is read, and —
// as for district cases — one whose hold a court's hang left (the adapter then answers "unavailable" without
// asking PACER, so the court is seen as failing). Other held cases wait. With the fee budget spent every case
// goes on to the adapter, which answers "budget spent" without asking, and the run stops and says so
// (refresh-cases.ts).
// A case no refresh kept current (`untracked`), which a query reads again first, is always returned: a case not
// due says only that the schedule would wait, and nothing free vouches for what the feed does not list.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { RefreshPlanRequest } from "@/lib/sources/types";
import { budgetState } from "./fee-ledger";
import { holdAbandonedReports } from "./hold-abandoned-reports";
import { APPELLATE_CADENCE_SECONDS } from "./pacer-courts";
import type { PacerSettings } from "./pacer-settings";
import { feedMarked } from "./reading-start";
import { HANG_LIKE, holdEnd } from "./report-hold";

/** The hourly run's period: a case due within half of it is read by this run. */
const RUN_MS = 3_600_000;
/** A case queried within this many days is read every day; others once a week. */
const APPELLATE_ACTIVE_DAYS = 7;
const IDLE_READ_MS = 7 * 86_400_000;

interface Row {
  case_id: string;
  last_refreshed_at: Date | null;
  last_answered_at: Date | null;
  read_from: Date | null;
  source_state: string | null;
  last_queried_at: Date | null;
  changed_at: Date | null;
  changed_seen_at: Date | null;
  report_failures: number | null;
  report_failed_at: Date | null;
  report_failure: string | null;
}

export async function planAppellateRefresh(prisma: PrismaClient, settings: PacerSettings, { court, caseIds, now, untracked }: RefreshPlanRequest): Promise<string[]> {
  if (caseIds.length === 0) return [];
  if (untracked) return [...caseIds];
  if ((await budgetState(prisma, settings, now)).spent) return [...caseIds];
  // Reports left in flight by a fetch that died (a step Inngest retries after its process was killed) hold their
  // cases first, as unanswered ones: the run waits for them instead of buying them again (hold-abandoned-reports.ts).
  await holdAbandonedReports(prisma, court.court_code, caseIds);
  const rows = await prisma.$queryRawUnsafe<Row[]>(
    `SELECT ids.case_id, GREATEST(c.last_refreshed_at, p.answered_at) AS last_answered_at, c.last_refreshed_at, c.read_from, c.source_state,
            c.last_queried_at, p.changed_at, p.changed_seen_at, p.report_failures, p.report_failed_at, p.report_failure
     FROM unnest($2::text[]) AS ids(case_id)
     LEFT JOIN pacer_cases p ON p.court_code = $1 AND p.case_id = ids.case_id
     LEFT JOIN cases c ON c.court_code = $1 AND c.case_id = ids.case_id`,
    court.court_code,
    [...caseIds],
  );
  const activeSince = now.getTime() - APPELLATE_ACTIVE_DAYS * 86_400_000;
  return rows
    .filter((row) => {
      if (holdEnd(row.report_failures, row.report_failed_at, now) !== null) return row.report_failure === HANG_LIKE;
      if (row.last_refreshed_at === null) return true;
      // An order, opinion or judgment the stored readings cannot have held (reading-start.ts, the district
      // courts' rule). Not for a case the court stopped showing (no reading is stored for it: the item would
      // make it due on every run).
      if (row.source_state === "found" && feedMarked(row, settings)) return true;
      const active = row.last_queried_at !== null && row.last_queried_at.getTime() >= activeSince;
      const interval = active ? APPELLATE_CADENCE_SECONDS * 1000 : IDLE_READ_MS;
      return row.last_answered_at!.getTime() <= now.getTime() - (interval - RUN_MS / 2);
    })
    .map((row) => row.case_id);
}

// Free change detection before a scheduled PACER refresh pays for anything (court-systems.md §1.2, §1.6).
// A case whose reports are held back (report-hold.ts) waits (one held because its court hung goes on to the
// adapter, which answers "unavailable" without asking PACER). Otherwise a tracked case is fetched when:
//   - PACER has no mapping for it yet (or one forgotten: a report by it printed another case), or the cache
//     lost it;
//   - the court's RSS feed showed activity on it that our poller first saw after the latest start of its
//     stored readings (pacer_cases.changed_seen_at, cases.read_from; feedMarked);
//   - the court's feed cannot vouch for it: no feed, a feed of some entry types only, a stale feed (no item
//     made in the last 3 days), or a feed not polled without failure, gap or overflow since the case was last
//     known equal to the court's (its last reading, or the last
//     free signal that said so) — then the free entry count (mobile_query.pl) differs from the count the
//     court gave when the cache was last known equal (a stored reading began after it, or a free signal said
//     so; else from the entries the cache holds: it may hold
//     more than the court lists, since entries the court stops listing are kept), or, where that page
//     says nothing, the case query (iquery.pl) shows a filing or termination later than the cache's, or a
//     last filing not dated before the court's day the stored reading began on, less the clocks' skew (a day:
//     one filed later that day moves nothing); a case neither page can speak for is fetched.
// Everything else is known unchanged and costs nothing; a free signal that said so is remembered
// (pacer_cases.verified_at), so from then on the feed alone can vouch for the case.
// Cases no refresh kept current (`untracked`: a query reads them again first, lib/cases/plan-untracked-reads.ts)
// go through the same rules, which hold for a reading weeks old: the feed vouches only when polled without gap
// since it (poll-court-feed.ts), an entry count is compared with the court's own count as of a stored reading
// or verification. Three things differ: a count is compared only with such a count of the court's (the cache's
// rows may hold entries the court struck since, so over weeks a new filing could even them out); the case query
// is not asked (its "date of last filing" is a day, which an entry docketed since with a date no later than the
// cache's latest filing does not move); and a held case is returned (the adapter answers it without asking
// PACER, as for any query) rather than waiting for a run.
// The free signals only decide what to buy: with the fee budget spent nothing can be bought, so none is asked
// for (an entry count page can charge, "Cost:"), and a run that a charged page brings to the budget stops
// asking; the cases go on to the adapter, which answers "budget spent" without asking PACER, and the run
// stops and says so (refresh-cases.ts).
import { courtTimezone } from "@/lib/courts/timezone";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import type { RefreshPlanRequest } from "@/lib/sources/types";
import { instantToZonedIso } from "@/lib/sources/zoned-time";
import { fetchCaseQuery, fetchEntryCount } from "./fetch-case-signals";
import { budgetState } from "./fee-ledger";
import { holdAbandonedReports } from "./hold-abandoned-reports";
import type { PacerSettings } from "./pacer-settings";
import { feedMarked, readStartMs, unknownStartMarginMs } from "./reading-start";
import { HANG_LIKE, holdEnd } from "./report-hold";

/** A feed polled less recently than this cannot vouch for anything (the poller runs every 5 minutes). */
export const FEED_FRESH_MS = 15 * 60_000;

/**
 * A feed whose newest item (by its own pubDate) is older than this cannot vouch for anything: feeds silently
 * stop updating and go on answering the same old items (nyeb's for six months, court-systems.md §1.6), which no
 * failed poll ever shows. Three days: longer than a weekend without filings; a holiday weekend's quiet court
 * only has its cases asked the free entry count (or case query) until its next filing, as a court without a feed.
 */
export const FEED_STALE_MS = 3 * 86_400_000;

/** Whether a feed whose newest item was made at `newestItemAt` (null: none seen) is stale at `at`. */
export function feedStale(newestItemAt: Date | null, at: Date): boolean {
  return newestItemAt === null || at.getTime() - newestItemAt.getTime() > FEED_STALE_MS;
}

interface CaseRow {
  case_id: string;
  pacer_case_id: string | null;
  mapping_refused_at: Date | null;
  listed_number: string | null;
  changed_at: Date | null;
  changed_seen_at: Date | null;
  read_from: Date | null;
  verified_at: Date | null;
  last_refreshed_at: Date | null;
  entry_count: number;
  listed_entry_count: number | null;
  listed_entry_count_at: Date | null;
  report_failures: number | null;
  report_failed_at: Date | null;
  report_failure: string | null;
  last_filed_at: Date | null;
  date_terminated: Date | null;
}

export async function planPacerRefresh(prisma: PrismaClient, settings: PacerSettings, { court, caseIds, now, signal, untracked = false }: RefreshPlanRequest): Promise<string[]> {
  if (caseIds.length === 0) return [];
  if ((await budgetState(prisma, settings, now)).spent) return [...caseIds];
  // Reports left in flight by a fetch that died (a step Inngest retries after its process was killed) hold their
  // cases first, as unanswered ones: the run waits for them instead of buying them again (hold-abandoned-reports.ts).
  await holdAbandonedReports(prisma, court.court_code, caseIds);
  const rows = await prisma.$queryRawUnsafe<CaseRow[]>(
    `SELECT ids.case_id, p.pacer_case_id, p.mapping_refused_at, p.listed_number, p.changed_at, p.changed_seen_at, c.read_from, p.verified_at, c.last_refreshed_at, c.date_terminated,
            p.listed_entry_count, p.listed_entry_count_at, p.report_failures, p.report_failed_at, p.report_failure,
            (SELECT count(*)::int FROM docket_entries e WHERE e.case_ref = c.id) AS entry_count,
            (SELECT max(e.filed_at) FROM docket_entries e WHERE e.case_ref = c.id) AS last_filed_at
     FROM unnest($2::text[]) AS ids(case_id)
     LEFT JOIN pacer_cases p ON p.court_code = $1 AND p.case_id = ids.case_id
     LEFT JOIN cases c ON c.court_code = $1 AND c.case_id = ids.case_id`,
    court.court_code,
    [...caseIds],
  );
  const feed = await prisma.pacerFeed.findUnique({ where: { courtCode: court.court_code } });
  const feedFresh = feed?.lastPolledAt !== null && feed?.lastPolledAt !== undefined && now.getTime() - feed.lastPolledAt.getTime() <= FEED_FRESH_MS;
  const wholeFeed = feed?.entryTypes === "all" && feedFresh && feed.okSince !== null && !feedStale(feed.newestItemAt, now);

  const toFetch: string[] = [];
  const verified: Array<{ caseId: string; listedCount: number | null }> = [];
  // Known equal to the court's docket by the feed or a free signal. Only these: a held case is left out too,
  // knowing nothing of the court's docket.
  const unchanged: string[] = [];
  for (const [index, row] of rows.entries()) {
    // Its last reports bought nothing usable (report-hold.ts): not asked again, nor counted as a failed fetch
    // of the court, until the wait is over. A case held because the court hung (an unanswered incremental
    // reading) goes on to the adapter, which answers "unavailable" at once without asking PACER: a court that
    // hangs is then seen as failing (court health), as any court that does not answer.
    const held = holdEnd(row.report_failures, row.report_failed_at, now) !== null;
    if (held) {
      if (untracked || row.report_failure === HANG_LIKE) toFetch.push(row.case_id);
      continue;
    }
    // No mapping, or one forgotten (a report by it printed another case): no free signal of that id speaks for
    // this case; the adapter looks the number up again.
    if (!row.pacer_case_id || row.mapping_refused_at || !row.listed_number || !row.last_refreshed_at) {
      toFetch.push(row.case_id);
      continue;
    }
    if (feedMarked(row, settings)) {
      toFetch.push(row.case_id);
      continue;
    }
    const knownEqualMs = Math.max(readStartMs(row), row.verified_at?.getTime() ?? 0);
    if (wholeFeed && feed!.okSince!.getTime() <= knownEqualMs) {
      unchanged.push(row.case_id); // the feed saw nothing since
      continue;
    }
    const signals = await changedByFreeSignals(prisma, settings, court, row, now, untracked, signal);
    // Spent by the signals themselves: what this one said is kept, and the rest of the run can buy nothing.
    const spentNow = signals.chargedCents > 0 && (await budgetState(prisma, settings, now)).spent;
    if (spentNow) toFetch.push(...rows.slice(index + 1).map((rest) => rest.case_id));
    if (!signals.changed) {
      verified.push({ caseId: row.case_id, listedCount: signals.listedCount });
      unchanged.push(row.case_id);
      if (spentNow) break;
      continue;
    }
    toFetch.push(row.case_id);
    if (signals.listedCount !== null) {
      // What the court lists now: the count the refresh about to run brings the cache level with. Stamped by
      // the database's clock, as a reading's start is, so it counts only once a reading that began after it
      // is stored (listedBaseline). A count still waiting for that keeps its place (the earlier one): until
      // then the cache is known equal to neither.
      await prisma.$executeRawUnsafe(
        `UPDATE pacer_cases p SET listed_entry_count = $3, listed_entry_count_at = clock_timestamp()
         WHERE p.court_code = $1 AND p.case_id = $2
           AND (p.listed_entry_count_at IS NULL
                OR p.listed_entry_count_at <= GREATEST(p.verified_at,
                     (SELECT COALESCE(c.read_from, c.last_refreshed_at - $4::int * interval '1 millisecond') FROM cases c WHERE c.court_code = $1 AND c.case_id = $2)))`,
        court.court_code,
        row.case_id,
        signals.listedCount,
        unknownStartMarginMs(),
      );
    }
    if (spentNow) break;
  }
  for (const { caseId, listedCount } of verified) {
    await prisma.pacerCase.updateMany({
      where: { courtCode: court.court_code, caseId },
      data: { verifiedAt: now, ...(listedCount !== null ? { listedEntryCount: listedCount, listedEntryCountAt: now } : {}) },
    });
  }
  if (unchanged.length > 0) {
    // The cache is the court's: a change check may say "no change" again after an unanswered refresh
    // (lib/cases/monitor-case.ts).
    await prisma.$executeRawUnsafe(
      "UPDATE cases SET unanswered_since = NULL WHERE court_code = $1 AND case_id = ANY($2::text[]) AND unanswered_since IS NOT NULL",
      court.court_code,
      unchanged,
    );
  }
  return toFetch;
}

async function changedByFreeSignals(
  prisma: PrismaClient,
  settings: PacerSettings,
  court: RefreshPlanRequest["court"],
  row: CaseRow,
  now: Date,
  untracked: boolean,
  signal?: AbortSignal,
): Promise<{ changed: boolean; listedCount: number | null; chargedCents: number }> {
  const courtCode = court.court_code;
  const options = { prisma, settings, courtCode, caseId: row.case_id, pacerCaseId: row.pacer_case_id!, listedNumber: row.listed_number!, now, signal };
  let chargedCents = 0;
  try {
    const entryCount = await fetchEntryCount(options);
    chargedCents = entryCount.chargedCents;
    if (entryCount.count !== null) {
      // No count of the court's to compare with (untracked): the count cannot vouch, the reading decides.
      const baseline = listedBaseline(row, untracked);
      return { changed: baseline === null || entryCount.count !== baseline, listedCount: entryCount.count, chargedCents };
    }
    // Nor the case query (untracked): its dates are days, and an entry docketed since the reading with a date no
    // later than the cache's latest filing (later that day, or dated back) moves neither; over weeks it cannot vouch.
    if (untracked) return { changed: true, listedCount: null, chargedCents };
    const summary = await fetchCaseQuery(options);
    if (summary === null) return { changed: true, listedCount: null, chargedCents };
    // The court's day of the cache's latest filing (a date alone is stored as the court's midnight: in UTC it is
    // the day before for a court ahead of UTC, Guam's), as the case query's date is the court's.
    const lastFiled = row.last_filed_at ? instantToZonedIso(row.last_filed_at.getTime(), courtTimezone(court)).slice(0, 10) : null;
    if (!lastFiled || summary.dateOfLastFiling > lastFiled) return { changed: true, listedCount: null, chargedCents };
    if (summary.dateTerminated && !row.date_terminated) return { changed: true, listedCount: null, chargedCents };
    // A day says nothing of the hours: an entry filed after the reading began, later that day, leaves the date
    // of last filing as it was. Only a last filing dated before the court's own day (its zone) of the reading's
    // start shows nothing was filed since; that start is by our clock, so less PACER_FEED_SKEW_SECONDS (CM/ECF's
    // clock may still be on the day before just after midnight, and date an entry filed after the reading so).
    const readingDay = instantToZonedIso(readStartMs(row) - settings.feedSkewMs, courtTimezone(court)).slice(0, 10);
    if (summary.dateOfLastFiling >= readingDay) return { changed: true, listedCount: null, chargedCents };
    return { changed: false, listedCount: null, chargedCents };
  } catch (error) {
    // A signal that failed says nothing: the paid fetch decides (and reports the court down if it is). Past the
    // plan's deadline (a query's: plan-untracked-reads.ts) a page is cut off or not asked at all: said so, as no
    // failure of the court's.
    const message = signal?.aborted ? "pacer free signal cut off by the plan's deadline" : "pacer free signal failed";
    logEvent("warn", message, { court_code: courtCode, case_id: row.case_id, reason: error instanceof Error ? error.message : String(error) });
    return { changed: true, listedCount: null, chargedCents };
  }
}

/**
 * The entry count the court gives for the cached docket: the count it gave when a reading stored since began
 * after it, or a free signal verified the cache after it; else the rows the cache holds (a docket never
 * counted, or a refresh that failed) — not for a case no refresh kept current (`untracked`): null.
 */
function listedBaseline(row: CaseRow, untracked: boolean): number | null {
  const knownEqualMs = Math.max(row.last_refreshed_at ? readStartMs(row) : 0, row.verified_at?.getTime() ?? 0);
  if (row.listed_entry_count !== null && row.listed_entry_count_at && row.listed_entry_count_at.getTime() <= knownEqualMs) return row.listed_entry_count;
  return untracked ? null : row.entry_count;
}

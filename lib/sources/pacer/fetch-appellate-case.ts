// A case of a court of appeals on CM/ECF appellate, read through PACER (court-systems.md §2). The appellate
// system takes the case number itself (no lookup, nothing paid to find the case). A case the cache does not
// hold is read whole (parties and attorneys included); a cached one with the entries dated since the
// court-local day of its latest cached filing (never later than its last stored reading less an hour, nor than
// today: reading-window.ts), less APPELLATE_LOOKBACK_DAYS, without parties unless the
// header moved. Appellate entries carry one date, the filing's, and a clerk may docket a filing days after
// that date (ca1's 10-1095: two entries entered 13 and 76 days after their dates): the look-back reads the
// usual ones again (entry-key.ts merges them), and once a week the reading is whole (every entry, no
// parties: a few pages on most dockets) so that none stays missing. A reading without parties is never thrown
// away: should the one with parties that follows a moved header fail or run out of the fetch's time (it is given
// up before the deadline), its entries are kept (readPartiesOrKeep, as for the district courts). Fees, holds and the budget are the district reports' (fetch-billed-report.ts,
// report-hold.ts).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { FetchCaseRequest, SourceCase, SourceResult } from "@/lib/sources/types";
import { headerChanged, readCachedHeader, readPartiesOrKeep } from "./cached-header";
import { fetchAppellateReport, type AppellateQuery } from "./fetch-appellate-report";
import { budgetState } from "./fee-ledger";
import { holdAbandonedReports } from "./hold-abandoned-reports";
import type { PacerSettings } from "./pacer-settings";
import { enteredSinceOf, sinceDay } from "./reading-window";
import { heldAnswer, refusedAnswer, reportHold } from "./report-hold";

/** Days before the latest cached filing an incremental appellate reading starts (filings docketed late). */
export const APPELLATE_LOOKBACK_DAYS = 14;
/** A cached case's reading is whole when its last whole one is this old (less an hourly run's slack). */
const APPELLATE_WHOLE_READING_MS = 7 * 86_400_000 - 3_600_000;

/**
 * When a whole reading of the case was last bought: the fee ledger's `docket_full` rows (a whole docket, with
 * or without parties) no longer in flight. A whole page that was then refused (another case's, a billed
 * notice) counts, and so does one that went unanswered (kept as an estimate): each holds the case's reports
 * (report-hold.ts), and the readings after the hold look back 14 days until the next week — else a docket too
 * slow for the deadline would be asked whole, and perhaps billed, at the end of every hold, and never read.
 */
async function lastWholeReading(prisma: PrismaClient, courtCode: string, caseId: string): Promise<Date | null> {
  const row = await prisma.pacerFee.findFirst({
    where: { courtCode, caseId, kind: "docket_full", inFlight: false },
    orderBy: { at: "desc" },
    select: { at: true },
  });
  return row?.at ?? null;
}

export async function fetchAppellateCase(prisma: PrismaClient, settings: PacerSettings, { court, caseId, now, signal }: FetchCaseRequest): Promise<SourceResult> {
  const budget = await budgetState(prisma, settings, now);
  if (budget.spent) return { kind: "budget_spent", resetsAt: budget.resetsAt.toISOString() };
  // The case's PACER row carries its report holds; the appellate system's key for the case is its number.
  await prisma.pacerCase.upsert({
    where: { courtCode_caseId: { courtCode: court.court_code, caseId } },
    create: { courtCode: court.court_code, caseId, pacerCaseId: caseId, listedNumber: caseId },
    update: {},
  });
  // A report of the case left in flight by a fetch that died is taken as unanswered first (hold-abandoned-reports.ts).
  await holdAbandonedReports(prisma, court.court_code, [caseId]);
  const held = heldAnswer(court.court_code, await reportHold(prisma, court.court_code, caseId, now));
  if (held) return held;

  let readFrom: string | undefined;
  const read = async (query: AppellateQuery, until?: AbortSignal): Promise<SourceResult | SourceCase> => {
    const page = await fetchAppellateReport({ prisma, settings, courtCode: court.court_code, caseId, query, now, signal: until ? AbortSignal.any([signal, until]) : signal });
    // The court answered for the case (a docket, "not found", "sealed"): the schedule counts from here, whether
    // or not a reading is stored (plan-appellate-refresh.ts). An error page is no answer: asked again next run.
    if (page.kind === "docket" || page.reason === "case_not_found" || page.reason === "sealed") {
      await prisma.pacerCase.update({ where: { courtCode_caseId: { courtCode: court.court_code, caseId } }, data: { answeredAt: now } });
    }
    if (page.kind === "refused") return refusedAnswer(prisma, court.court_code, caseId, page, now);
    readFrom ??= page.askedAt.toISOString();
    return page.reading.case;
  };

  const cached = await readCachedHeader(prisma, court.court_code, caseId);
  if (!cached) {
    const whole = await read({ caseNumber: caseId, since: null, parties: true });
    return "kind" in whole ? whole : { kind: "found", case: whole, readFrom };
  }
  // Without parties, and again with them only when the header moved (the parties may have too). `since`: the
  // day a reading starts from, null for the whole docket.
  const readKeepingParties = async (since: string | null): Promise<SourceResult> => {
    const window = since === null ? {} : { enteredSince: enteredSinceOf(court, since) };
    const bare = await read({ caseNumber: caseId, since, parties: false });
    if ("kind" in bare) return bare;
    if (!headerChanged(court, caseId, bare, cached)) return { kind: "found", case: bare, partiesOmitted: true, ...window, readFrom };
    // The reading without parties is bought: should the one with them fail, its entries are kept (readPartiesOrKeep).
    return readPartiesOrKeep({ courtCode: court.court_code, caseId }, bare, cached, { ...window, readFrom }, settings.reportTimeoutMs, (until) => read({ caseNumber: caseId, since, parties: true }, until));
  };
  const lastWhole = await lastWholeReading(prisma, court.court_code, caseId);
  if (!lastWhole || now.getTime() - lastWhole.getTime() >= APPELLATE_WHOLE_READING_MS) return readKeepingParties(null);
  return readKeepingParties(await sinceDay(prisma, court, caseId, cached.lastRefreshedAt, now, APPELLATE_LOOKBACK_DAYS));
}

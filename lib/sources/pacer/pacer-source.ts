// The PACER adapter: federal CM/ECF courts read live through PACER (DESIGN.md "Sources"). A case the cache
// does not hold is fetched whole once (parties included); a cached case is refreshed with the entries
// entered since the court-local day of its last successful refresh, without parties unless the header
// changed (the boundary day is read again, and lib/cases/entry-key.ts merges it without duplicates, known
// entries keeping their appearance time, told that nothing entered before that day is in the reading).
// Before any paid request the fee budget is checked, and a docket report's fee is reserved against it (so
// concurrent fetches cannot all spend it); court systems that are down, slow or answer an error
// page make the fetch "unavailable" (503, never charged).
// Free change detection before scheduled refreshes is plan-pacer-refresh.ts.
import { courtTimezone } from "@/lib/courts/timezone";
import type { CourtRecord } from "@/lib/courts/types";
import { getPrisma } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import { CourtHttpError } from "@/lib/sources/http/court-http-client";
import { normalizeCase } from "@/lib/sources/normalize/normalize-case";
import type { FetchCaseRequest, SourceAdapter, SourceCase, SourceResult } from "@/lib/sources/types";
import { zonedTimeToIso } from "@/lib/sources/zoned-time";
import { EcfUnavailable } from "./ecf-request";
import { budgetState } from "./fee-ledger";
import { FeeBudgetSpent, fetchDocketReport, type DocketQuery } from "./fetch-docket-report";
import { lookupPacerCase } from "./lookup-pacer-case";
import { planPacerRefresh } from "./plan-pacer-refresh";
import { PacerLoginError } from "./pacer-session";
import { pacerSettings, type PacerSettings } from "./pacer-settings";
import { readDocketReport } from "./read-docket-report";
import { reportHold, UNANSWERED } from "./report-hold";

/** A court-local calendar day as CM/ECF's forms take it: MM/DD/YYYY. */
export function courtDay(court: Pick<CourtRecord, "court_code" | "region">, at: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: courtTimezone(court), year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("month")}/${part("day")}/${part("year")}`;
}

/** The instant a court-local day (MM/DD/YYYY, as courtDay writes it) begins. */
function startOfCourtDay(court: Pick<CourtRecord, "court_code" | "region">, day: string): string {
  const [month, date, year] = day.split("/").map(Number);
  return zonedTimeToIso({ year: year!, month: month!, day: date! }, courtTimezone(court));
}

interface CachedHeader {
  lastRefreshedAt: Date;
  caseNumber: string;
  caseName: string;
  assignedJudge: string | null;
  dateTerminated: Date | null;
  natureOfProceeding: string | null;
  status: string;
}

/**
 * A reading without parties lacks what CM/ECF prints in the party listing: a bankruptcy case's name (its
 * debtor's; the page then names the case by its number), an adversary proceeding's nature of suit, and on
 * criminal dockets the judge. Those are not changes: they are taken from the cached header, so the header
 * is neither taken for changed (a second, paid reading with parties) nor stored without them. A value the
 * reading does show is its own.
 */
function withCachedHeader(reading: SourceCase, cached: CachedHeader): SourceCase {
  const unnamed = reading.parties.length === 0 && reading.title.trim() === reading.caseNumber.trim();
  return {
    ...reading,
    title: unnamed ? cached.caseName : reading.title,
    judge: reading.judge ?? cached.assignedJudge,
    natureOfSuit: reading.natureOfSuit ?? cached.natureOfProceeding,
  };
}

/** Whether the header of an incremental reading differs from the cached one (then parties may have too). */
function headerChanged(court: CourtRecord, caseId: string, reading: SourceCase, cached: CachedHeader): boolean {
  const header = normalizeCase(court, caseId, { ...reading, entries: [] }).header;
  return (
    // The printed number carries the judges' initials ("2:17-cr-00378-SPL-1"): a reassignment changes it even
    // where the judge's name is printed only in the party listing (criminal dockets).
    header.case_number !== cached.caseNumber ||
    header.case_name !== cached.caseName ||
    header.assigned_judge !== cached.assignedJudge ||
    (header.date_terminated?.slice(0, 10) ?? null) !== (cached.dateTerminated?.toISOString().slice(0, 10) ?? null) ||
    header.nature_of_proceeding !== cached.natureOfProceeding ||
    header.status !== cached.status
  );
}

/** How far the database's clock (last_refreshed_at) may be from the court's, at most. */
const CLOCK_MARGIN_MS = 3_600_000;

/**
 * The day an incremental fetch starts from: the court-local day of the latest filing the cache holds.
 * Entries are entered in time order and none is entered before it is filed, so every entry entered after the
 * last successful reading is on or after that day — whatever the clocks say, and even when a reading was
 * fetched but never stored. A filing date the clerk put ahead (a typo, a date set for later) would make that
 * day too late, so the day is never after the last stored reading (less a margin for clocks) nor after
 * today. The day is read again; entry-key.ts merges it.
 */
async function sinceDay(prisma: PrismaClient, court: CourtRecord, caseId: string, lastRefreshedAt: Date, now: Date): Promise<string> {
  const rows = await prisma.$queryRawUnsafe<{ latest: Date | null }[]>(
    `SELECT max(e.filed_at) AS latest FROM docket_entries e JOIN cases c ON c.id = e.case_ref WHERE c.court_code = $1 AND c.case_id = $2`,
    court.court_code,
    caseId,
  );
  const bounds = [now.getTime(), lastRefreshedAt.getTime() - CLOCK_MARGIN_MS];
  const latest = rows[0]?.latest;
  if (latest) bounds.push(latest.getTime());
  return courtDay(court, new Date(Math.min(...bounds)));
}

async function fetchCase(prisma: PrismaClient, settings: PacerSettings, { court, caseId, now, signal }: FetchCaseRequest): Promise<SourceResult> {
  const budget = await budgetState(prisma, settings, now);
  if (budget.spent) return { kind: "budget_spent", resetsAt: budget.resetsAt.toISOString() };

  const lookup = await lookupPacerCase({ prisma, settings, courtCode: court.court_code, caseId, signal });
  if (lookup.kind !== "found") return lookup.kind === "sealed" ? { kind: "sealed", message: lookup.message } : { kind: "not_found" };

  // The last reports of this case bought nothing usable (too slow, or a billed page that is not a docket):
  // not bought again until the wait is over (report-hold.ts).
  const held = await reportHold(prisma, court.court_code, caseId, now);
  // A billed "not found" or "sealed" page keeps its answer (404) while it holds.
  if (held?.why.startsWith("case_not_found")) return { kind: "not_found" };
  if (held?.why.startsWith("sealed")) return { kind: "sealed", message: held.why.replace(/^sealed:\s*/, "") };
  if (held) {
    return {
      kind: "unavailable",
      reason: `${court.court_code}: the docket report ${held.why.startsWith(UNANSWERED) ? "went unanswered (PACER may have billed it)" : `answered ${held.why}`} (${held.failures} time(s) in a row); not asked again before ${held.until.toISOString()}`,
      estimatedRecoveryAt: held.until.toISOString(),
    };
  }

  const cached = await prisma.case.findUnique({
    where: { courtCode_caseId: { courtCode: court.court_code, caseId } },
    select: { lastRefreshedAt: true, caseNumber: true, caseName: true, assignedJudge: true, dateTerminated: true, natureOfProceeding: true, status: true },
  });
  const base = { pacerCaseId: lookup.pacerCaseId, listedNumber: lookup.listedNumber };
  // When the first report of this reading was asked for: what the court listed then is in what is stored.
  let readFrom: string | undefined;
  const read = async (query: DocketQuery): Promise<SourceResult | SourceCase> => {
    const page = await fetchDocketReport({ prisma, settings, courtCode: court.court_code, caseId, query, now, signal });
    if (page.kind === "docket") readFrom ??= page.askedAt.toISOString();
    if (page.kind === "refused") {
      if (page.reason === "sealed") return { kind: "sealed", message: page.message };
      if (page.reason === "case_not_found") return { kind: "not_found" };
      // A billed refusal holds the case's reports back: the answer says until when.
      const hold = await reportHold(prisma, court.court_code, caseId, now);
      return { kind: "unavailable", reason: `${court.court_code}: the docket request answered ${page.reason}: ${page.message}`, estimatedRecoveryAt: hold?.until.toISOString() ?? null };
    }
    const reading = readDocketReport(page.html);
    if (reading.kind !== "case") {
      return { kind: "unavailable", reason: `${court.court_code}: unreadable docket (${reading.reason}: ${reading.message})`, estimatedRecoveryAt: null };
    }
    return reading.case;
  };

  if (!cached) {
    const whole = await read({ ...base, enteredSince: null, parties: true });
    return "kind" in whole ? whole : { kind: "found", case: whole, readFrom };
  }
  const since = await sinceDay(prisma, court, caseId, cached.lastRefreshedAt, now);
  // What the cache needs to know of the reading: nothing entered before the start of that day is in it (less
  // the clocks' margin: an entry a refresh stored just after midnight by the court's clock may carry an
  // appearance a little before it by the database's).
  const enteredSince = new Date(Date.parse(startOfCourtDay(court, since)) - CLOCK_MARGIN_MS).toISOString();
  const partial = await read({ ...base, enteredSince: since, parties: false });
  if ("kind" in partial) return partial;
  const recent = withCachedHeader(partial, cached);
  if (!headerChanged(court, caseId, recent, cached)) return { kind: "found", case: recent, partiesOmitted: true, enteredSince, readFrom };
  // The header moved (judge, name, termination): the parties may have too, so read them with the same range.
  const withParties = await read({ ...base, enteredSince: since, parties: true });
  return "kind" in withParties ? withParties : { kind: "found", case: withParties, enteredSince, readFrom };
}

export function createPacerSource(): SourceAdapter {
  return {
    name: "pacer",
    async fetchCase(request) {
      const settings = pacerSettings();
      if (!settings) return { kind: "unavailable", reason: "no PACER account is configured", estimatedRecoveryAt: null };
      try {
        return await fetchCase(await getPrisma(), settings, request);
      } catch (error) {
        if (error instanceof PacerLoginError) {
          return { kind: "unavailable", reason: error.message, estimatedRecoveryAt: error.retryAt?.toISOString() ?? null };
        }
        // Another fetch spent the budget between this one's check and its report's reservation.
        if (error instanceof FeeBudgetSpent) return { kind: "budget_spent", resetsAt: error.resetsAt.toISOString() };
        if (error instanceof EcfUnavailable || error instanceof CourtHttpError) {
          logEvent("warn", "pacer fetch unavailable", { court_code: request.court.court_code, case_id: request.caseId, reason: error.message });
          return { kind: "unavailable", reason: error.message, estimatedRecoveryAt: null };
        }
        throw error;
      }
    },
    async planRefresh(request) {
      const settings = pacerSettings();
      if (!settings) return [...request.caseIds];
      return planPacerRefresh(await getPrisma(), settings, request);
    },
  };
}

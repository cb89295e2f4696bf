// The PACER adapter: federal CM/ECF courts read live through PACER (DESIGN.md "Sources"). A case the cache
// does not hold is fetched whole once (parties included); a cached case is refreshed with the entries
// entered since the court-local day of its latest cached filing (never later than its last stored reading
// less an hour, nor than today: reading-window.ts), without parties unless the header changed (that day is
// read again, and lib/cases/entry-key.ts merges it without duplicates, known entries keeping their
// appearance time, told that nothing entered before that day is in the reading). When the reading with parties
// cannot be had, the one without them, bought, is kept under the cached header (readPartiesOrKeep).
// Before any paid request the fee budget is checked, and a docket report's fee is reserved against it (so
// concurrent fetches cannot all spend it); court systems that are down, slow or answer an error
// page make the fetch "unavailable" (503, never charged).
// Free change detection before scheduled refreshes is plan-pacer-refresh.ts. The courts of appeals on CM/ECF
// appellate are read by number instead (fetch-appellate-case.ts) and, having no free entry count (their
// feeds list orders, opinions and judgments at most), on a schedule of their own (plan-appellate-refresh.ts).
import { getPrisma } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import { CourtHttpError } from "@/lib/sources/http/court-http-client";
import type { FetchCaseRequest, SourceAdapter, SourceCase, SourceResult } from "@/lib/sources/types";
import { readCachedHeader, headerChanged, readPartiesOrKeep, type CachedHeader } from "./cached-header";
import { EcfUnavailable } from "./ecf-request";
import { fetchAppellateCase } from "./fetch-appellate-case";
import { budgetState } from "./fee-ledger";
import { FeeBudgetSpent } from "./fetch-billed-report";
import { fetchDocketReport, type DocketQuery } from "./fetch-docket-report";
import { holdAbandonedReports } from "./hold-abandoned-reports";
import { lookupPacerCase } from "./lookup-pacer-case";
import { pacerReadsAppellate } from "./pacer-courts";
import { planAppellateRefresh } from "./plan-appellate-refresh";
import { planPacerRefresh } from "./plan-pacer-refresh";
import { PacerLoginError } from "./pacer-session";
import { ecfBaseUrl, pacerSettings, type PacerSettings } from "./pacer-settings";
import { isSameCase } from "./printed-case-number";
import { readDocketReport } from "./read-docket-report";
import { enteredSinceOf, sinceDay } from "./reading-window";
import { heldAnswer, refusedAnswer, reportHold } from "./report-hold";
import { splitCmEcfNumber } from "./split-cmecf-number";

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

/** Whether the number a reading's heading prints is the case asked for (a number either side cannot parse: yes). */
function headsThisCase(caseId: string, reading: SourceCase): boolean {
  const asked = splitCmEcfNumber(caseId);
  const heading = splitCmEcfNumber(reading.caseNumber);
  return !asked || !heading || isSameCase(heading, asked);
}

async function fetchCase(prisma: PrismaClient, settings: PacerSettings, { court, caseId, now, signal }: FetchCaseRequest): Promise<SourceResult> {
  const budget = await budgetState(prisma, settings, now);
  if (budget.spent) return { kind: "budget_spent", resetsAt: budget.resetsAt.toISOString() };

  // The last reports of this case bought nothing usable (too slow, or a billed page that is not a docket):
  // not bought again until the wait is over (report-hold.ts). Asked before the lookup: a mapping forgotten
  // when its report printed another case is looked up again once, by the first read after the wait.
  // A report of the case left in flight by a fetch that died is taken as unanswered first: held, not bought again.
  await holdAbandonedReports(prisma, court.court_code, [caseId]);
  const held = heldAnswer(court.court_code, await reportHold(prisma, court.court_code, caseId, now));
  if (held) return held;

  const lookup = await lookupPacerCase({ prisma, settings, courtCode: court.court_code, caseId, signal });
  if (lookup.kind !== "found") return lookup.kind === "sealed" ? { kind: "sealed", message: lookup.message } : { kind: "not_found" };

  const cached = await readCachedHeader(prisma, court.court_code, caseId);
  const base = { pacerCaseId: lookup.pacerCaseId, listedNumber: lookup.listedNumber };
  // When the first report of this reading was asked for: what the court listed then is in what is stored.
  let readFrom: string | undefined;
  // The answer of a report that printed another case (its id forgotten: fetch-docket-report.ts).
  let anotherCase: SourceResult | undefined;
  const read = async (query: DocketQuery, until?: AbortSignal): Promise<SourceResult | SourceCase> => {
    const page = await fetchDocketReport({ prisma, settings, courtCode: court.court_code, caseId, query, now, signal: until ? AbortSignal.any([signal, until]) : signal });
    if (page.kind === "docket") readFrom ??= page.askedAt.toISOString();
    if (page.kind === "refused") {
      const answer = await refusedAnswer(prisma, court.court_code, caseId, page, now);
      if (page.servedDocket) anotherCase = answer;
      return answer;
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
  const enteredSince = enteredSinceOf(court, since);
  const partial = await read({ ...base, enteredSince: since, parties: false });
  if ("kind" in partial) return partial;
  const recent = withCachedHeader(partial, cached);
  if (!headerChanged(court, caseId, recent, cached)) return { kind: "found", case: recent, partiesOmitted: true, enteredSince, readFrom };
  // The header moved (judge, name, termination): the parties may have too, so read them with the same range.
  // The reading without them is bought: should that one fail, its entries are kept (readPartiesOrKeep). Not when
  // its heading names another case: the page passed as this case's only by printing this number elsewhere (a
  // member or related case's, fetch-docket-report.ts), and its moved header is that other case's.
  if (!headsThisCase(caseId, recent)) {
    const withParties = await read({ ...base, enteredSince: since, parties: true });
    return "kind" in withParties ? withParties : { kind: "found", case: withParties, enteredSince, readFrom };
  }
  const answer = await readPartiesOrKeep({ courtCode: court.court_code, caseId }, recent, cached, { enteredSince, readFrom }, settings.reportTimeoutMs, (until) => read({ ...base, enteredSince: since, parties: true }, until));
  // Unless the same id then printed another case: the id is in doubt (forgotten), and so is the reading bought
  // by it, whose header moved as another case's would (a docket passes as this case's when it prints this
  // number anywhere, fetch-docket-report.ts).
  return anotherCase ?? answer;
}

export function createPacerSource(): SourceAdapter {
  return {
    name: "pacer",
    // The court's CM/ECF host, where its reports are asked (a login, when one is needed, goes to PACER's own).
    hostOf: (court) => {
      const settings = pacerSettings();
      return settings ? new URL(ecfBaseUrl(settings, court.court_code)).hostname : null;
    },
    async fetchCase(request) {
      const settings = pacerSettings();
      if (!settings) return { kind: "unavailable", reason: "no PACER account is configured", estimatedRecoveryAt: null };
      const prisma = await getPrisma();
      try {
        return pacerReadsAppellate(request.court) ? await fetchAppellateCase(prisma, settings, request) : await fetchCase(prisma, settings, request);
      } catch (error) {
        if (error instanceof PacerLoginError) {
          return { kind: "unavailable", reason: error.message, estimatedRecoveryAt: error.retryAt?.toISOString() ?? null };
        }
        // Another fetch spent the budget between this one's check and its report's reservation.
        if (error instanceof FeeBudgetSpent) return { kind: "budget_spent", resetsAt: error.resetsAt.toISOString() };
        if (error instanceof EcfUnavailable || error instanceof CourtHttpError) {
          logEvent("warn", "pacer fetch unavailable", { court_code: request.court.court_code, case_id: request.caseId, reason: error.message });
          // A report sent but never answered (its connection lost, a gateway's 502/504) has just held the case
          // (fetch-billed-report.ts): the hold's end is when it is asked again, so when to come back.
          const hold = await reportHold(prisma, request.court.court_code, request.caseId, request.now).catch(() => null);
          // A request not sent for the court's Retry-After: come back when it ends.
          const retryAt = hold?.until ?? (error instanceof CourtHttpError ? error.retryAt : undefined);
          return { kind: "unavailable", reason: error.message, estimatedRecoveryAt: retryAt?.toISOString() ?? null };
        }
        throw error;
      }
    },
    async planRefresh(request) {
      const settings = pacerSettings();
      if (!settings) return [...request.caseIds];
      const prisma = await getPrisma();
      return pacerReadsAppellate(request.court) ? planAppellateRefresh(prisma, settings, request) : planPacerRefresh(prisma, settings, request);
    },
  };
}

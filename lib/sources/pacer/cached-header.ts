// The header of a cached PACER case, against which an incremental reading (entries since a day, no
// parties) is compared: a header that moved (judge, name, termination, status) may mean the parties did too,
// and the reading is made again with them.
import type { CourtRecord } from "@/lib/courts/types";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import { normalizeCase } from "@/lib/sources/normalize/normalize-case";
import { CourtHttpError } from "@/lib/sources/http/court-http-client";
import { currentFetchDeadline } from "@/lib/sources/http/fetch-deadline";
import type { SourceCase, SourceResult } from "@/lib/sources/types";
import { EcfUnavailable } from "./ecf-request";
import { FeeBudgetSpent } from "./fetch-billed-report";
import { PacerLoginError } from "./pacer-session";

export interface CachedHeader {
  lastRefreshedAt: Date;
  caseNumber: string;
  caseName: string;
  assignedJudge: string | null;
  dateTerminated: Date | null;
  natureOfProceeding: string | null;
  status: string;
}

export async function readCachedHeader(prisma: PrismaClient, courtCode: string, caseId: string): Promise<CachedHeader | null> {
  return prisma.case.findUnique({
    where: { courtCode_caseId: { courtCode, caseId } },
    select: { lastRefreshedAt: true, caseNumber: true, caseName: true, assignedJudge: true, dateTerminated: true, natureOfProceeding: true, status: true },
  });
}

/** Whether the header of an incremental reading differs from the cached one (then parties may have too). */
export function headerChanged(court: CourtRecord, caseId: string, reading: SourceCase, cached: CachedHeader): boolean {
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

/**
 * A reading whose header is the cached one: for a reading bought without parties whose header moved, when the
 * reading with parties could not be had (the budget spent by the first, the court failing). Its entries are
 * stored; its header is not, so the next reading still sees the header moved and asks for the parties with it.
 */
export function withHeaderOf(reading: SourceCase, cached: CachedHeader): SourceCase {
  const terminated = cached.dateTerminated?.toISOString().slice(0, 10) ?? null;
  return {
    ...reading,
    caseNumber: cached.caseNumber,
    title: cached.caseName,
    judge: cached.assignedJudge,
    natureOfSuit: cached.natureOfProceeding,
    dateTerminated: terminated,
    // The cache says "closed" only with its termination date (normalize-case.ts); a reopening is in that date's absence.
    dateReopened: null,
    closed: cached.status === "closed" && terminated === null ? true : null,
  };
}

/** What a reading stores besides its case: the window it covers and when it began (SourceResult "found"). */
export interface ReadingWindow {
  enteredSince?: string;
  readFrom?: string;
}

/**
 * The reading with parties that a moved header calls for, once the one without them is bought (`bare`). When
 * it cannot be had (the fee budget spent by the first, the court erring, not answering or holding the case,
 * the login refused), the bought one is not thrown away: its entries are kept, without parties and under the
 * cached header (withHeaderOf). A "not found" or "sealed" answer is the case's answer, and is given.
 */
/**
 * The reading with parties that follows a bought one ends (answered or given up) this long before the fetch's
 * deadline, at most a fifth of SOURCE_TIMEOUT_MS: time to record it and answer with the bought one.
 */
const KEEP_MARGIN_MS = 1_000;

export async function readPartiesOrKeep(
  where: { courtCode: string; caseId: string },
  bare: SourceCase,
  cached: CachedHeader,
  window: ReadingWindow,
  reportTimeoutMs: number,
  readParties: (until: AbortSignal | undefined) => Promise<SourceResult | SourceCase>,
): Promise<SourceResult> {
  // The failure is said here, as the fetch's would have been: the reading is answered "found", so neither the
  // query's 503 nor the refresh run's unavailable count or last error shows a court failing every reading with
  // parties (and each refresh that finds the header moved buying the reading without them again).
  const keep = (why: string): SourceResult => {
    logEvent("warn", "pacer reading with parties not had after the header moved: the reading without them is kept under the cached header", {
      court_code: where.courtCode,
      case_id: where.caseId,
      reason: why,
    });
    return { kind: "found", case: withHeaderOf(bare, cached), partiesOmitted: true, ...window };
  };
  // A billed report waits up to SOURCE_TIMEOUT_MS, as long as the whole fetch: a court not answering the second
  // reading would run the fetch out of time and drop the bought one with it (fetch-from-source.ts). So it ends
  // a margin before the fetch's deadline, and is not asked when less is left.
  const deadline = currentFetchDeadline();
  const left = deadline === null ? null : deadline - Date.now() - Math.min(KEEP_MARGIN_MS, reportTimeoutMs / 5);
  if (left !== null && left <= 0) return keep("too little of the fetch's time left to ask for the parties");
  const ending = left === null ? undefined : AbortSignal.timeout(left);
  let withParties: SourceResult | SourceCase;
  try {
    withParties = await readParties(ending);
  } catch (error) {
    if (error instanceof FeeBudgetSpent || error instanceof EcfUnavailable || error instanceof CourtHttpError || error instanceof PacerLoginError) return keep(error.message);
    // Given up for the deadline (while waiting for its turn or a login, too).
    if (ending?.aborted) return keep("the reading with parties was given up before the fetch's deadline");
    throw error;
  }
  if (!("kind" in withParties)) return { kind: "found", case: withParties, ...window };
  if (withParties.kind === "unavailable") return keep(withParties.reason);
  if (withParties.kind === "budget_spent") return keep("PACER fee budget reached");
  return withParties;
}

// What the free pages (court-systems.md §1.2) say about whether a case changed: mobile_query.pl's docket entry
// count and the case query iquery.pl's date of last filing, or null when the page says nothing. A refresh
// that gets null pays for the docket rather than call the case unchanged (a missed filing costs more than a
// paid read), so the page must be the case's own: not a refusal, not another case (its links or CASE_NUM
// cookie name another PACER id, or it prints another number). A summary must also give a date of last
// filing: a court that leaves it out, or a line the reader could not read, is no evidence nothing was filed.
import type { PageRefusal } from "@/lib/sources/types";
import type { CaseQuerySummary } from "./read-case-query";
import { isSameCase } from "./printed-case-number";
import type { MobileQuery } from "./read-mobile-query";
import { splitCmEcfNumber, type CmEcfNumber } from "./split-cmecf-number";

export interface CaseQuerySignal {
  /** ISO date of the last filing. */
  dateOfLastFiling: string;
  dateTerminated: string | null;
}

/** A suffix of letters and digits after the number ("-P1", casb's initials and chapter "-PB7"): not in the grammar. */
const MIXED_SUFFIX = /-(?=[a-z0-9]*[a-z])(?=[a-z0-9]*\d)[a-z0-9]+$/i;

/**
 * A number as the grammar reads it, else without the suffixes it does not know ("1:15-mc-00105-P1" as
 * "1:15-mc-00105"): what isSameCase compares (year, serial, type, office) comes before them, and a court
 * printing such numbers would otherwise never have a free signal, its every refresh a paid read.
 */
function numberOf(token: string): CmEcfNumber | null {
  for (let rest = token; ; rest = rest.replace(MIXED_SUFFIX, "")) {
    const number = splitCmEcfNumber(rest);
    if (number || !MIXED_SUFFIX.test(rest)) return number;
  }
}

/** The first number a text prints ("1:16-cv-00745-ESH All Defendants", "Case: 10-46652"). */
const firstNumberIn = (text: string) => text.split(/\s+/).map(numberOf).find(Boolean) ?? null;

/**
 * The same case by the docket's rule (isSameCase: "10-46652" is "4:10-bk-46652"); an unreadable number is not.
 * `labelType` is the type the page names beside a number printed without one (a bankruptcy summary's "Case type:
 * ap"): a main case and an adversary proceeding each have their own serials, so "20-03006" may be either.
 */
function sameNumber(printed: string, listed: string, labelType: string | null = null): boolean {
  const a = firstNumberIn(printed);
  const b = numberOf(listed.trim());
  return a !== null && b !== null && isSameCase(a, b, labelType);
}

/** The docket entry count of the case, or null. */
export function entryCountSignal(reading: MobileQuery | PageRefusal, pacerCaseId: string, listedNumber: string): number | null {
  if (reading.kind !== "mobile_query") return null;
  if (reading.pacerCaseId && reading.pacerCaseId !== pacerCaseId) return null;
  if (reading.caseNumber && !sameNumber(reading.caseNumber, listedNumber)) return null;
  return reading.entryCount;
}

/** The case query's dates, or null. */
export function caseQuerySignal(reading: CaseQuerySummary | PageRefusal, pacerCaseId: string, listedNumber: string): CaseQuerySignal | null {
  if (reading.kind !== "case_summary") return null;
  if (reading.pacerCaseId && reading.pacerCaseId !== pacerCaseId) return null;
  const caseType = reading.bankruptcy?.caseType?.trim().toLowerCase() ?? "";
  if (!sameNumber(reading.caseNumberAsWritten, listedNumber, /^[a-z]{2}$/.test(caseType) ? caseType : null)) return null;
  if (!reading.dateOfLastFiling) return null;
  return { dateOfLastFiling: reading.dateOfLastFiling, dateTerminated: reading.dateTerminated };
}

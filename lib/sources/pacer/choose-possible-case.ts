// Which of possible_case_numbers.pl's cases is ours. A short number ("16-01152") lists every office,
// type and criminal defendant it could mean (court-systems.md §1.2), but our case id is canonical
// `O:YY-TT-NNNNN`, so the match is exact on office, year, type and serial; judge initials never count
// (they change when a case is reassigned). A criminal case lists one docket per defendant besides the
// case itself: the main case is the one without a defendant number, else the lowest defendant; PACER
// numbers a case's dockets in the order it opens them, so the lowest internal id breaks a tie.
import { isSameCase } from "./printed-case-number";
import type { PossibleCase } from "./read-possible-case-numbers";
import { splitCmEcfNumber, type CmEcfNumber } from "./split-cmecf-number";

function sameCase(wanted: CmEcfNumber, listed: CmEcfNumber): boolean {
  return (
    listed.year === wanted.year &&
    Number(listed.serial) === Number(wanted.serial) &&
    listed.office === wanted.office &&
    (listed.type ?? "").toLowerCase() === (wanted.type ?? "").toLowerCase()
  );
}

/** The parts of a listed case's number: the `number` attribute, else the title's or the sortable form's. */
function partsOf(listed: PossibleCase): CmEcfNumber | null {
  return (
    splitCmEcfNumber(listed.number) ??
    splitCmEcfNumber(listed.title.split(" ")[0] ?? "") ??
    (listed.sortable ? splitCmEcfNumber(listed.sortable) : null)
  );
}

/** The case among `cases` that is `caseId` (e.g. "1:23-cv-04567"), or null when none is exactly it. */
export function chooseCase(cases: readonly PossibleCase[], caseId: string): PossibleCase | null {
  const wanted = splitCmEcfNumber(caseId);
  if (!wanted?.office || !wanted.type) return null;
  const matches = cases.filter((listed) => {
    const parts = partsOf(listed);
    return parts !== null && sameCase(wanted, parts);
  });
  const rank = (listed: PossibleCase) => listed.defendantNumber ?? 0;
  matches.sort((a, b) => rank(a) - rank(b) || Number(a.pacerCaseId) - Number(b.pacerCaseId));
  return matches[0] ?? null;
}

/**
 * Whether a listed case the reader could not read (its number as written, "" when none) may be `caseId`: a
 * number not read at all may be anything, and one read may be the case where office and type, given by both,
 * agree (isSameCase: a main docket beside a defendant's, "20-417" without office or type). Then the list
 * answers neither "not found" nor a choice among the rest.
 */
export function unreadMayBe(unread: readonly string[], caseId: string): boolean {
  const wanted = splitCmEcfNumber(caseId);
  // A number that is none (chooseCase answers null for it) is no case of any list.
  if (!wanted) return false;
  return unread.some((written) => {
    const number = splitCmEcfNumber(written);
    return number === null || isSameCase(number, wanted);
  });
}

/**
 * What a list answers for `caseId`: the case chosen, none ("not found"), or unsure when a case it could not read
 * may be this one (asked again, not "not found"). The case's own docket (no defendant number), once read, is the
 * choice whatever else is listed: an unread case could only be another of its defendants' dockets, which rank
 * after it, and waiting on it would leave the case unavailable for as long as PACER lists it so.
 */
export function chooseListedCase(cases: readonly PossibleCase[], unread: readonly string[], caseId: string): PossibleCase | "not_found" | "unsure" {
  const chosen = chooseCase(cases, caseId);
  if (chosen && chosen.defendantNumber == null) return chosen;
  if (unreadMayBe(unread, caseId)) return "unsure";
  return chosen ?? "not_found";
}

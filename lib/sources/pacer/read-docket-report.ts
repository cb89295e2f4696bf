// The CM/ECF docket report (DktRpt.pl) of a district, bankruptcy or special court (CIT, JPML) as our
// SourceCase; a page that is not a docket (login, sealed, unknown case, no documents, a query error) is
// refused with the reason. The reading itself is in read-docket-details.ts.
import type { DocketRead, PageRefusal, SourceCase, SourceEntry, SourceParty } from "@/lib/sources/types";
import { dropListMarkers } from "./clean-case-name";
import type { DocketParty } from "./docket-parties";
import { type DocketReportDetails, readDocketReportDetails } from "./read-docket-details";

export type { DocketReportDetails } from "./read-docket-details";
export { readDocketReportDetails } from "./read-docket-details";

const isAdversary = (details: DocketReportDetails) => /adversary/i.test(details.recordKind);
const isBankruptcy = (details: DocketReportDetails) => /bankruptcy|adversary/i.test(details.recordKind) || /bankruptcy/i.test(details.courtLines.join(" "));

/**
 * The case name. District and special courts print it (normalization harmonizes "USA" and "et al." for
 * every source); bankruptcy petitions are named for the debtor; an adversary proceeding for its lead
 * bankruptcy case ("<lead title> - Adversary Proceeding"), or for its first plaintiff and defendant when
 * the page names no lead case.
 */
function titleOf(details: DocketReportDetails): string {
  if (details.caption) return details.caption;
  const first = (pattern: RegExp) => details.parties.find((party) => pattern.test(party.role))?.name;
  if (isAdversary(details)) {
    if (details.leadCaseTitle) return `${dropListMarkers(details.leadCaseTitle)} - Adversary Proceeding`;
    const plaintiff = first(/plaintiff/i);
    const defendant = first(/defendant/i);
    if (plaintiff && defendant) return `${plaintiff} v. ${defendant}`;
  }
  return first(/^debtor/i) ?? details.parties[0]?.name ?? details.docketNumber;
}

function caseTypeOf(details: DocketReportDetails): string | null {
  const letters = details.docketNumberParts?.type;
  if (letters) return letters;
  if (isAdversary(details)) return "ap";
  if (/miscellaneous/i.test(details.recordKind)) return "mp";
  return isBankruptcy(details) ? "bk" : null;
}

function partyOf(party: DocketParty): SourceParty {
  return {
    name: party.name,
    role: party.role,
    dateTerminated: party.dateTerminated,
    attorneys: party.attorneys.map((attorney) => ({
      name: attorney.name,
      firm: attorney.firm,
      role: attorney.roles.length > 0 ? attorney.roles.join("; ") : null,
      dateAction: attorney.dateTerminated,
    })),
  };
}

export function sourceCaseOf(details: DocketReportDetails): SourceCase {
  return {
    caseNumber: details.docketNumber,
    title: titleOf(details),
    caseType: caseTypeOf(details),
    dateFiled: details.dateFiled,
    dateTerminated: details.dateTerminated,
    dateReopened: details.dateReopened,
    judge: details.assignedTo,
    natureOfSuit: details.natureOfSuit,
    cause: details.cause,
    juryDemand: details.juryDemand,
    parties: details.parties.map(partyOf),
    entries: details.entries.map(
      (entry): SourceEntry => ({
        number: entry.number,
        filed: entry.dateFiled,
        entered: entry.dateEntered,
        sequence: entry.sequence,
        text: entry.text,
        documentId: entry.documentId,
        documentUrl: entry.documentUrl,
      }),
    ),
  };
}

export function readDocketReport(html: string): DocketRead | PageRefusal {
  const details = readDocketReportDetails(html);
  if ("kind" in details) return details;
  return { kind: "case", case: sourceCaseOf(details), courtCode: details.courtCode };
}

// Reader of a CM/ECF appellate docket (`TransportRoom?servlet=CaseSummary.jsp`, courts of appeals, the
// bankruptcy appellate panels, the Court of Appeals for Veterans Claims): the case stub, case type,
// originating court, panel, parties and attorneys, and every docket entry. Pure: page text in, the case or a
// refusal out. Facts on the page: ../shared/notes/court-systems.md §2.
import { findCourt } from "@/lib/courts/registry";
import { normalizeCaseId } from "@/lib/courts/normalize-case-id";
import type { CourtRecord } from "@/lib/courts/types";
import type { DocketRead, PageRefusal, SourceCase } from "../types";
import { indexPage, sectionRows, sectionStart } from "./appellate-dom";
import { appellateCourtOf, bankruptcyCourtNamed, courtOfLink, districtCourtNamed } from "./appellate-courts";
import { readEntries } from "./appellate-entries";
import { findCaseNumberLabel, readHeader, type AppellateHeader } from "./appellate-header";
import { readParties } from "./appellate-parties";
import { refuseAppellatePage } from "./appellate-refusal";

/**
 * Appellate numbers: `yy-nnnn[n]`, padded or not, a BAP's sometimes with its district letters in front
 * (`CC-22-1180`), a court of appeals' sometimes with the clerk's team letters after (`22-12696-DD`), which the
 * API's normalization sets aside (lib/courts/normalize-case-id.ts).
 */
const APPELLATE_NUMBER = /^(?:[A-Z]{2}[- ])?\d{2}-\d{1,6}(?:-[A-Z]{1,2})?$/i;
/** An alien registration number (immigration petitions): restricted, never a case number to show. */
const ALIEN_NUMBER = /^A[- ]?\d{3}[- ]?\d{3}[- ]?\d{2,3}$/i;

export function readAppellateDocket(html: string): DocketRead | PageRefusal {
  const index = indexPage(html);
  const numberLabel = findCaseNumberLabel(index);
  const header = numberLabel ? readHeader(index, numberLabel) : null;
  if (!header || !APPELLATE_NUMBER.test(header.caseNumber)) return refuseAppellatePage(index);

  const courtCode = appellateCourtOf(header.headingLines, index.hrefs);
  // Parties and entries are looked for in their own sections where the page marks them (it does, with
  // comments); a page saved without the comments is read whole, each row recognized by its shape.
  const entriesAt = sectionStart(index, /DOCKET ENTRIES/)?.rowIndex ?? 0;
  const partySection = sectionRows(index, /^PARTY/);
  const partyRows = partySection ?? (entriesAt > 0 ? index.rows.slice(0, entriesAt) : index.rows);
  const origin = originatingCourt(header, courtCode);

  const sourceCase: SourceCase = {
    caseNumber: header.caseNumber,
    title: header.title || header.caseNumber,
    caseType: header.caseTypeItems.length > 0 ? header.caseTypeItems.join(", ") : null,
    dateFiled: header.docketedOn,
    dateTerminated: header.termedOn,
    natureOfSuit: header.natureOfSuit,
    parties: readParties(partyRows, partySection !== null),
    crossReferences:
      origin && origin.courtCode && origin.caseId
        ? [{ relationship: "appeal_from", caseId: origin.caseId, courtCode: origin.courtCode, note: null }]
        : [],
    appellate: {
      // The first case type line is the kind of appeal ("civil", "Criminal", "agency", "Bankruptcy").
      appealType: header.caseTypeItems[0] ?? null,
      panel: header.panel,
      originatingCourt: origin,
      // The panel block's "Date of Hearing" is when the panel heard the case: the oral argument.
      oralArgumentDate: header.hearingDate,
    },
    entries: readEntries(index.rows.slice(entriesAt)),
  };
  return { kind: "case", case: sourceCase, courtCode };
}

function originatingCourt(header: AppellateHeader, courtCode: string | null): NonNullable<SourceCase["appellate"]>["originatingCourt"] {
  if (!header.appealFrom && !header.origin) return null;
  const court = courtOfLink(header.origin?.href) ?? (header.appealFrom ? courtNamed(header.appealFrom, courtCode) : null);
  const printed = header.origin?.caseNumber ?? "";
  const caseId = ALIEN_NUMBER.test(printed) ? "" : court ? normalizeCaseId(court, printed) : printed;
  return { courtCode: court?.court_code ?? "", caseId, courtName: court?.name ?? header.appealFrom ?? "" };
}

/** A bankruptcy appellate panel hears appeals from bankruptcy courts; the other courts from district courts. */
function courtNamed(appealFrom: string, courtCode: string | null): CourtRecord | null {
  const panel = courtCode ? /Bankruptcy Appellate Panel/i.test(findCourt(courtCode)?.name ?? "") : false;
  return panel ? bankruptcyCourtNamed(appealFrom) : districtCourtNamed(appealFrom);
}

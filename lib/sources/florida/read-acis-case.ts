// Reader of an ACIS case header: the answer of `/courts/{court}/cms/cases/{case}` (`{caseHeader}`) and of the
// case search `/courts/cms/cases/?...` (a HAL list of `{caseHeader}`), which is how a case number is looked
// up. The header has the number (`4D2026-0606`), title, caption, classification, the closed flag, the filing
// time and the originating cases; parties and docket entries are separate, paged answers (read-acis-parties.ts,
// read-acis-docket-entries.ts). Pure: JSON text in, the case(s) or a refusal out.
import { instantToZonedIso } from "../zoned-time";
import type { DocketRead, PageRefusal, SourceCase } from "../types";
import { acisCourtCode, floridaCourtNamed } from "./acis-courts";
import { acisTime, flag, FLORIDA_ZONE, halList, isRefusal, list, parseAcis, record, refuse, str, type Fields } from "./acis-json";

/** An ACIS time ("2026-03-05T16:17:00.000+00:00", see acisTime) as the court's local date, or null. */
export function localDate(value: unknown): string | null {
  const time = acisTime(value);
  if (!time) return null;
  return "date" in time ? time.date : instantToZonedIso(time.instant, FLORIDA_ZONE).slice(0, 10);
}

/** The caption without the court's line layout: "ISAIAH HARGRETT, Appellant(s), v. STATE OF FLORIDA, Appellee(s)." */
export function captionText(caption: unknown): string {
  return str(caption);
}

/**
 * The case a header describes; null when it has no number (no case anyone can ask for), refused when its closed
 * flag is absent or in a form this reader does not know: every court's headers give it, and without it an ended
 * case would be served as open. A filing time it cannot read is no date (null), not a guessed one.
 */
function sourceCaseOf(header: Fields): SourceCase | PageRefusal | null {
  const caseNumber = str(header.caseNumber);
  if (!caseNumber) return null;
  const closed = flag(header.closedFlag);
  if (closed === null) return refuse("unreadable", `ACIS case ${caseNumber}: a closed flag this reader does not know (closedFlag ${JSON.stringify(header.closedFlag ?? null)})`);
  const classification = str(header.caseClassification) || null;
  const origins = list(header.originatingCourtCases)
    .map(record)
    .filter((origin): origin is Fields => origin !== null)
    .map((origin) => {
      const courtName = str(origin.originatingCourtName);
      // Clerks sometimes leave a separator after the number ("4D2025-2661;").
      const caseId = str(origin.originatingCaseNumber).replace(/[;,\s]+$/, "");
      return { courtName, caseId, courtCode: courtName ? floridaCourtNamed(courtName) : "" };
    })
    .filter((origin) => origin.courtName || origin.caseId);
  return {
    caseNumber,
    title: str(header.caseTitle) || captionText(header.caseCaption) || caseNumber,
    caseType: classification,
    dateFiled: localDate(header.filedDate),
    // ACIS says whether a case is closed, not since when: the docket entries date it (combineAcisCase).
    closed,
    parties: [],
    crossReferences: origins
      .filter((origin) => origin.courtCode && origin.caseId)
      .map((origin) => ({ relationship: "appeal_from", caseId: origin.caseId, courtCode: origin.courtCode, note: origin.courtName || null })),
    appellate: {
      appealType: classification,
      panel: [],
      originatingCourt: origins[0] ?? null,
      oralArgumentDate: null,
    },
    entries: [],
  };
}

/**
 * The case (a case header) or the cases (a search's list). A header it cannot read refuses the answer, except,
 * when the number searched for is given, a header of another number: that case's unreadable flag says nothing of
 * the one asked for. A list of such headers only is then no case of that number (empty): whether it is "no such
 * case" or a search that did not filter is readAcisCaseHandle's to say, as for readable ones.
 */
export function readAcisCase(json: string, caseNumber?: string): DocketRead | DocketRead[] | PageRefusal {
  const root = parseAcis(json, "case");
  if (isRefusal(root)) return root;
  const single = record(root.caseHeader);
  if (single) {
    const source = sourceCaseOf(single);
    if (!source) return refuse("not_a_docket", "an ACIS case header without a case number");
    return isRefusal(source) ? source : { kind: "case", case: source, courtCode: acisCourtCode(source.caseNumber) };
  }
  const found = halList(root);
  if (!found) return refuse("not_a_docket", "not an ACIS case: no caseHeader and no list of cases");
  const reads: DocketRead[] = [];
  let othersUnread = 0;
  for (const item of found.items) {
    const header = record(item.caseHeader);
    if (!header) return refuse("not_a_docket", "not ACIS's list of cases: an item without a caseHeader");
    const source = sourceCaseOf(header);
    // A header this reader cannot read refuses the list (dropped, the case searched for would be "not found"),
    // unless it is another case's than the one searched for.
    if (source && isRefusal(source)) {
      if (caseNumber !== undefined && str(header.caseNumber).toUpperCase() !== caseNumber.trim().toUpperCase()) {
        othersUnread += 1;
        continue;
      }
      return source;
    }
    if (source) reads.push({ kind: "case", case: source, courtCode: acisCourtCode(source.caseNumber) });
  }
  if (reads.length === 0 && othersUnread > 0) return [];
  if (reads.length === 0) return found.items.length === 0 ? refuse("case_not_found", "ACIS found no case") : refuse("not_a_docket", "an ACIS list that holds no cases");
  return reads;
}

/**
 * Where the case with this number sits in ACIS, from a case header or a search's list: its id (the case
 * path's last segment) and its court's number (`courtID`, matched to the list of courts; null when the header
 * lacks it). Null when the
 * answer holds no case at all (the search found none), or, in one page, only numbers that continue this one with
 * digits (a filter matching by part). Refused when
 * it holds the case without its id (another layout), and when it holds other cases and not
 * this one: a search by number that answers others has not applied its filter (the unfiltered list starts with
 * the newest cases), and that is no sign the court lacks the case.
 */
export function readAcisCaseHandle(json: string, caseNumber: string): { caseId: string; courtNumber: string | null } | PageRefusal | null {
  const root = parseAcis(json, "case");
  if (isRefusal(root)) return null;
  const found = record(root.caseHeader) ? null : halList(root);
  const headers = found ? found.items.map((item) => record(item.caseHeader)).filter((header): header is Fields => header !== null) : [record(root.caseHeader)].filter((header): header is Fields => header !== null);
  const asked = caseNumber.trim().toUpperCase();
  const header = headers.find((candidate) => str(candidate.caseNumber).toUpperCase() === asked);
  if (!header) {
    // A whole answer (one page) of numbers that each continue this one with digits (SC2026-10001 for
    // SC2026-1000) is a filter that matches by part: the court has no such case. Any other number listed, or
    // more pages (the case could be on a later one), is not that.
    const longer = (candidate: Fields) => {
      const number = str(candidate.caseNumber).toUpperCase();
      return number.startsWith(asked) && /^\d+$/.test(number.slice(asked.length));
    };
    const whole = !found?.page || found.page.totalPages <= 1;
    const other = headers.find((candidate) => !longer(candidate));
    if (headers.length === 0 || (whole && other === undefined)) return null;
    return refuse("not_a_docket", `ACIS answered ${found?.page?.totalElements ?? headers.length} other case(s) (${str((other ?? headers[0]!).caseNumber)}...), not ${caseNumber}: the search by number was not applied`);
  }
  const caseId = str(header.caseInstanceUUID);
  if (!caseId) return refuse("unreadable", `ACIS case ${caseNumber} without its caseInstanceUUID`);
  // Without its court's number the case's own number still names the court (acis-source.ts finds it by name).
  return { caseId, courtNumber: str(header.courtID) || null };
}

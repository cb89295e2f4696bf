// An ACMS case (the Second and Ninth Circuits' appellate system) as the browser maps its two API answers:
// `{caseDetails{...}, docketInfo{isCaseSealed, docketEntries[...]}}` (../shared/notes/court-systems.md
// section 2). Pure: JSON text in, the case or a refusal out.
import type { DocketRead, PageRefusal, SourceCase } from "@/lib/sources/types";
import { acmsCourtCode } from "@/lib/sources/pacer/acms-court";
import { readAcmsEntries } from "@/lib/sources/pacer/acms-entries";
import { htmlText } from "@/lib/sources/pacer/acms-html-text";
import { originatingCourtCode } from "@/lib/sources/pacer/acms-originating-court";
import { readAcmsParties } from "@/lib/sources/pacer/acms-parties";

type Fields = Record<string, unknown>;

const record = (value: unknown): Fields | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Fields) : null;
const str = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
/** A field that is either a name or an object carrying one (`{name}` in the browser shape). */
const named = (value: unknown): string | null => str(value) ?? str(record(value)?.name);
const DAY = /^(\d{4}-\d{2}-\d{2})/;
const day = (value: unknown): string | null => DAY.exec(str(value) ?? "")?.[1] ?? null;

const refuse = (reason: PageRefusal["reason"], message: string): PageRefusal => ({ kind: "refused", reason, message });

/** The Ninth Circuit's opening entry names the lower case: "... notice of appeal / petition filed in 3:18-cv-01122-AGS has been received". */
const OPENED_FROM = /\bCASE OPENED\b[\s\S]*?\bfiled in\s+(\d{1,2}:\d{2}-[a-z]{2,4}-\d{1,6}(?:-[A-Za-z0-9]{1,8})*)\b/i;

/** The lower court's case number, where the JSON gives one (a field, the first originating case, or the opening entry). */
function originatingCaseNumber(details: Fields, texts: string[]): string {
  const direct = str(details.originatingCaseNumber);
  if (direct) return direct;
  const cases = Array.isArray(details.originatingCasesInformation) ? details.originatingCasesInformation : [];
  for (const item of cases) {
    const fields = record(item);
    const number = fields ? Object.entries(fields).find(([key, value]) => /casenumber/i.test(key) && str(value)) : undefined;
    if (number) return str(number[1])!;
  }
  for (const text of texts) {
    const opened = OPENED_FROM.exec(text);
    if (opened) return opened[1]!;
  }
  return "";
}

export function readAcmsCase(json: string): DocketRead | PageRefusal {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    // A page (an error or login page served instead of the API's answer) is not a case; broken JSON is unreadable.
    return /^\s*</.test(json)
      ? refuse("not_a_docket", "an HTML or XML page, not the JSON of an ACMS case")
      : refuse("unreadable", "not JSON: an ACMS case is the JSON of its case details and docket entries");
  }
  const root = record(parsed);
  const details = record(root?.caseDetails);
  const docket = record(root?.docketInfo);
  const caseNumber = str(details?.caseNumber);
  if (!root || !details || !caseNumber) {
    return refuse("not_a_docket", "not an ACMS case: no caseDetails with a caseNumber");
  }
  if (docket?.isCaseSealed === true) return refuse("sealed", `ACMS case ${caseNumber} is sealed`);

  const entries = readAcmsEntries(docket?.docketEntries);
  const originName = named(details.court);
  const districtName = str(details.districtCourtName);
  const caseType = [details.caseType, details.caseSubType, details.caseSubSubType].map(named).filter(Boolean).join(", ");
  const caption = htmlText(str(details.shortCaption)?.replace(/\\[rn]/g, " ") ?? "");
  // An agency's case has no district court behind it: `districtCourtName` is then the hearing location.
  const agency = /^agency\b/i.test(caseType);
  const originCode = agency ? "" : originatingCourtCode(originName) || originatingCourtCode(districtName);
  const originCaseId = originatingCaseNumber(details, entries.map(({ entry }) => entry.text));
  // The tribunal appealed from, and where it sat when ACMS says so.
  const courtName = [...new Set([originName, districtName])].filter(Boolean).join(", ");

  const source: SourceCase = {
    caseNumber,
    title: str(details.name) ?? caption,
    caseType: caseType || null,
    dateFiled: day(details.caseOpened) ?? day(details.receivedDate),
    dateTerminated: day(details.dateTerminated) ?? day(details.caseClosed),
    natureOfSuit: named(details.natureOfSuit),
    parties: readAcmsParties(str(details.partyAttorneyList) ?? ""),
    appellate: {
      appealType: caseType || null,
      originatingCourt: originName || originCaseId ? { courtCode: originCode, caseId: originCaseId, courtName } : null,
    },
    entries: entries.map(({ entry }) => entry),
  };
  const courtCode = acmsCourtCode({
    places: [agency ? null : originName, districtName],
    texts: [caption, ...entries.map(({ entry }) => entry.text)],
    clock: entries.flatMap(({ createdOn, enteredLocal }) => (createdOn && enteredLocal ? [{ createdOn, enteredLocal }] : [])),
  });
  return { kind: "case", case: source, courtCode };
}

// Reader of a Supreme Court docket's JSON (`https://www.supremecourt.gov/RSS/Cases/JSON/<number>.json`): the
// case's title, docket number, docketed date, lower court and its case numbers, linked cases, counsel by side
// and every "Proceedings and Orders" entry with its documents. Pure: JSON text in, the case or a refusal out.
import type { DocketRead, PageRefusal } from "../types";
import { docketNumberIn, scotusDocketRead, type ScotusCounsel, type ScotusDocket } from "./scotus-docket";

type Fields = Record<string, unknown>;

const record = (value: unknown): Fields | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Fields) : null;
const str = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const refuse = (reason: PageRefusal["reason"], message: string): PageRefusal => ({ kind: "refused", reason, message });

/** "Linked with 16A940", "Linked with 17-8, 17-9": only what reads as a docket number (the field is sometimes cut short). */
export function linkedNumbers(...values: unknown[]): string[] {
  const out: string[] = [];
  for (const value of values.flatMap((item) => (Array.isArray(item) ? item : [item]))) {
    const text = typeof value === "string" ? value : Object.values(record(value) ?? {}).filter((part) => typeof part === "string").join(" ");
    for (const match of text.matchAll(/\b(\d{2}-\d{1,5}|\d{2}[AO]\d{1,5})\b/gi)) {
      const number = match[1]!.toUpperCase();
      if (!out.includes(number)) out.push(number);
    }
  }
  return out;
}

/** Counsel are listed per side ("Petitioner", "Respondent", "Other"), each naming the party represented. */
function counselOf(root: Fields): ScotusCounsel[] {
  const out: ScotusCounsel[] = [];
  for (const side of ["Petitioner", "Respondent", "Other"]) {
    for (const item of list(root[side])) {
      const fields = record(item);
      if (!fields) continue;
      out.push({
        side,
        attorney: str(fields.Attorney),
        firm: str(fields.Title) || null,
        party: str(fields.PartyName),
        counselOfRecord: fields.IsCounselofRecord === true,
      });
    }
  }
  return out;
}

export function readScotusJson(json: string): DocketRead | PageRefusal {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return /^\s*</.test(json)
      ? refuse("not_a_docket", "an HTML page, not the JSON of a Supreme Court docket")
      : refuse("unreadable", "not JSON: a Supreme Court docket is served as JSON");
  }
  const root = record(parsed);
  const number = docketNumberIn(str(root?.CaseNumber));
  if (!root || !number) return refuse("not_a_docket", "not a Supreme Court docket: no CaseNumber");
  // Every docket's JSON carries the list, empty before anything is entered: without it the JSON is of another
  // layout, and reading it as a docket of no entries would serve (and charge) an empty docket as the whole one.
  if (!Array.isArray(root.ProceedingsandOrder)) return refuse("unreadable", "a Supreme Court docket without its ProceedingsandOrder list: a layout this reader does not know");
  const docket: ScotusDocket = {
    number,
    petitionerTitle: str(root.PetitionerTitle),
    respondentTitle: str(root.RespondentTitle),
    docketed: str(root.DocketedDate) || null,
    linked: linkedNumbers(root.Links, root.RelatedCaseNumber).filter((linked) => linked !== number),
    lowerCourt: str(root.LowerCourt) || null,
    lowerCaseNumbers: str(root.LowerCourtCaseNumbers) || null,
    proceedings: list(root.ProceedingsandOrder).map((item) => {
      // An item that is no object has no date: scotusDocketRead refuses the docket rather than drop it.
      const fields = record(item) ?? {};
      const links = list(fields.Links).flatMap((link) => {
        const linkFields = record(link);
        const url = str(linkFields?.DocumentUrl);
        return url ? [{ description: str(linkFields?.Description), url }] : [];
      });
      return { date: str(fields.Date), html: str(fields.Text), links };
    }),
    counsel: counselOf(root),
  };
  return scotusDocketRead(docket);
}

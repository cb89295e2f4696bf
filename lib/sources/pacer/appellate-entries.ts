// Docket entries of a CM/ECF appellate docket: one row of three cells each — filing date | the entry's
// document cell | the docket text. The document cell may hold a checkbox whose value is the entry's own id
// (de_seq_num), a `docs1` link to the document, the entry number (some courts number entries, others do
// not), and a "14 pg, 131.91 KB" size line. Rows that follow an entry with its attachment list, and the
// rows of the nested attachment tables, do not start with a date and are not entries.
import type { SourceEntry } from "../types";
import { childElements, clean, findAll, textOf, type DomElement } from "./appellate-dom";
import { onCalendar } from "./appellate-header";
import { docIdFromUrl } from "./doc-id";

const DATE_ONLY = /^(\d{1,2}\/\d{1,2}\/\d{4})$/;
/** "[Entered: 01/27/2010 12:25 PM]" inside the docket text: when the court put the entry on the docket. */
const ENTERED = /[[(]Entered:\s*((\d{1,2}\/\d{1,2}\/\d{4})(?:\s+(\d{1,2}):[0-5]\d(?::[0-5]\d)?\s*[AP]\.?M\.?)?)\s*[\])]/gi;

/** One pass over the rows, in page order: linear in the size of the docket. */
export function readEntries(rows: readonly DomElement[]): SourceEntry[] {
  const entries: SourceEntry[] = [];
  for (const row of rows) {
    const entry = entryOf(row);
    if (entry) entries.push(entry);
  }
  return entries;
}

function entryOf(row: DomElement): SourceEntry | null {
  const cells = childElements(row, "td");
  if (cells.length < 3) return null;
  const filed = DATE_ONLY.exec(clean(textOf(cells[0]!)))?.[1];
  if (!filed || !onCalendar(filed)) return null;
  const documentCell = cells[1]!;
  const textCell = cells[cells.length - 1]!;
  const text = clean(textOf(textCell));
  // The originating court block also has rows of bare dates (judgment, notice of appeal, received): an
  // entry always has text that is more than a date.
  if (text === "" || DATE_ONLY.test(text)) return null;

  const link = findAll(documentCell, (element) => element.name === "a" && /\/docs\d\//.test(element.attribs.href ?? ""))[0];
  const checkbox = findAll(documentCell, (element) => element.name === "input" && element.attribs.name === "d")[0];
  return {
    number: entryNumber(documentCell),
    filed,
    entered: enteredOf(text),
    sequence: checkbox?.attribs.value?.trim() || null,
    text,
    documentId: link ? documentIdOf(link.attribs.href!) : null,
    documentUrl: link?.attribs.href ?? null,
  };
}

/**
 * The entered time, where the text gives one that is a real date and a 12-hour clock time. The entry's own
 * stamp closes its text, so the last one counts (an earlier one may be quoted from another entry).
 */
function enteredOf(text: string): string | null {
  let found: RegExpExecArray | null = null;
  for (const match of text.matchAll(ENTERED)) found = match;
  if (!found || !onCalendar(found[2]!)) return null;
  const hour = found[3] === undefined ? 1 : Number(found[3]);
  return hour >= 1 && hour <= 12 ? found[1]! : found[2]!;
}

/**
 * The entry number is the document cell's own text (in or out of the link), leaving out the size line
 * (<font>) and browser-extension additions (<div>); a cell that shows only an icon has no number.
 */
function entryNumber(cell: DomElement): number | null {
  const own = clean(textOf(cell, (element) => element.name === "font" || element.name === "div"));
  return /^\d{1,6}$/.test(own) ? Number(own) : null;
}

/**
 * Appellate document links are `docs1/<id>`; the Ninth Circuit's bankruptcy appellate panel links
 * `docs4/<id>`, a shorter id of another store, kept as printed (its digits carry no known flag).
 */
function documentIdOf(href: string): string | null {
  const docs1 = docIdFromUrl(href);
  if (docs1) return docs1;
  return /\/docs\d\/(\d{4,})/.exec(href)?.[1] ?? null;
}

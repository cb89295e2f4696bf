// The docket entries of a CM/ECF report. Each entries table opens with a heading row ("Date Filed" | "#" |
// "Docket Text", sometimes "Date Entered", a "Select all / clear" checkbox column when the report was run
// with "view multiple documents", a "#" spanning two cells on bankruptcy courts) and holds one row per entry:
// the date, the number with its `doc1` link (and "(5 pgs)" on some courts), the text. Rows without a date
// are not entries (attachment lists of the checkbox layout, spacer rows, the undated rows of old dockets).
// Some courts print the number inside the text cell (no "#" column); some add a column of their own or a
// leading cell the heading does not have: then the row is read by what its cells hold.
import { type Element, cellsOf, childElements, findElement, rowsOf, squash, textOf } from "./docket-dom";
import { docIdFromUrl } from "./doc-id";
import { firstUsDateIn, usDateToIso } from "./us-date";

export interface DocketEntryRow {
  number: number | null;
  /** The number cell as printed when it is not a plain number ("13 (5 pgs)"), else null. */
  numberText: string | null;
  /** ISO date the entry was filed. */
  dateFiled: string;
  /** ISO date entered: the page's "Date Entered" column, else the text's "(Entered: mm/dd/yyyy)". */
  dateEntered: string | null;
  text: string;
  /** The `doc1` document id, normalized as CM/ECF treats it (4th digit 0). */
  documentId: string | null;
  documentUrl: string | null;
  /** CM/ECF's de_seq_num from the document link, where the link carries it. */
  sequence: string | null;
}

type Column = "filed" | "entered" | "number" | "text" | "select" | "other";

export interface EntriesLayout {
  columns: Column[];
}

const span = (cell: Element) => Math.max(1, Math.min(10, Number(cell.attribs.colspan) || 1));

function expand(cells: Element[]): Element[] {
  const out: Element[] = [];
  for (const cell of cells) for (let i = span(cell); i > 0; i--) out.push(cell);
  return out;
}

function columnOf(label: string): Column {
  const text = label.toLowerCase();
  if (/^docket text$/.test(text)) return "text";
  if (/^(?:#|no\.?|doc\.? ?(?:no\.?|#)|number|document)$/.test(text)) return "number";
  if (/entered/.test(text)) return "entered";
  if (/filed|filing date|^date$/.test(text)) return "filed";
  if (/select|all\s*\/\s*clear/.test(text)) return "select";
  return "other";
}

/** The layout a heading row announces, or null when the row is no entries heading. */
export function layoutOf(row: Element): EntriesLayout | null {
  const cells = expand(cellsOf(row));
  const columns = cells.map((cell) => columnOf(textOf(cell)));
  return columns.includes("text") ? { columns } : null;
}

/** A date cell: "mm/dd/yyyy", possibly with a time after it. */
function dateIn(cell: Element | undefined): string | null {
  if (!cell) return null;
  const text = textOf(cell);
  const match = /^(\d{1,2}\/\d{1,2}\/\d{2,4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AP]M)?)?$/i.exec(text);
  return match ? usDateToIso(match[1]) : null;
}

const isCheckboxCell = (cell: Element) => findElement(cell, (el) => el.name === "input" && /checkbox/i.test(el.attribs.type ?? "")) !== null;

/** A document link: `/doc1/<id>`, or on older bankruptcy pages `show_doc.pl?caseid=..&de_seq_num=..` (no id). */
const isDocLink = (el: Element) => el.name === "a" && /\/docs?1\/|show_doc\.pl/.test(el.attribs.href ?? "");

function sequenceOf(link: Element): string | null {
  const fromUrl = /[?&;]de_seq_num=(\d+)/.exec(link.attribs.href ?? "") ?? /de_seq_numV(\d+)/.exec(link.attribs.id ?? "");
  if (fromUrl) return fromUrl[1]!;
  // goDLS('/doc1/...', '<case id>', '<de_seq_num>', ...)
  const call = /goDLS\(\s*'[^']*'\s*,\s*'[^']*'\s*,\s*'(\d+)'/.exec(link.attribs.onclick ?? "");
  return call ? call[1]! : null;
}

interface Picked {
  filed: Element | undefined;
  entered: Element | undefined;
  numbers: Element[];
  text: Element | undefined;
}

/** Which cell is which: by the heading when the row has its cells, else by what the cells hold. */
function pick(cells: Element[], layout: EntriesLayout): Picked {
  const expanded = expand(cells);
  if (expanded.length === layout.columns.length && dateIn(expanded[layout.columns.indexOf("filed")])) {
    const at = (column: Column) => expanded.filter((_, i) => layout.columns[i] === column);
    return { filed: at("filed")[0], entered: at("entered")[0], numbers: [...new Set(at("number"))], text: at("text")[0] };
  }
  const dated = cells.map((cell) => dateIn(cell) !== null);
  const firstDate = dated.indexOf(true);
  const text = cells[cells.length - 1];
  if (firstDate < 0 || cells.length < 2) return { filed: undefined, entered: undefined, numbers: [], text };
  const secondDate = layout.columns.includes("entered") && dated[firstDate + 1] ? firstDate + 1 : -1;
  const enteredFirst = layout.columns.indexOf("entered") >= 0 && layout.columns.indexOf("entered") < layout.columns.indexOf("filed");
  const numbersFrom = (secondDate >= 0 ? secondDate : firstDate) + 1;
  const numbers = cells.slice(numbersFrom, cells.length - 1).filter((cell) => !isCheckboxCell(cell));
  const [filed, entered] = secondDate >= 0 && enteredFirst ? [cells[secondDate], cells[firstDate]] : [cells[firstDate], secondDate >= 0 ? cells[secondDate] : undefined];
  return { filed, entered, numbers, text };
}

/** The leading "13" (or linked 13) of a number cell, or of a text cell on courts that merge the two. */
function numberIn(text: string): number | null {
  const match = /^(\d{1,7})(?!\d|\/)/.exec(text);
  return match ? Number(match[1]) : null;
}

/** Reads one row, or null when it is no entry (no date). */
export function readEntryRow(row: Element, layout: EntriesLayout): DocketEntryRow | null {
  const cells = cellsOf(row);
  if (cells.length < 2) return null;
  const picked = pick(cells, layout);
  const dateFiled = dateIn(picked.filed);
  if (!dateFiled || !picked.text) return null;
  let text = textOf(picked.text);
  let link: Element | null = null;
  let numberText = "";
  for (const cell of picked.numbers) {
    link ??= findElement(cell, isDocLink);
    numberText = squash(`${numberText} ${textOf(cell)}`);
  }
  let number = numberIn(numberText);
  if (picked.numbers.length === 0 && !layout.columns.includes("number")) {
    // Number and text in one cell: the number leads the text, linked when there is a document.
    number = numberIn(text);
    if (number !== null) {
      const first = childElements(picked.text)[0];
      if (first && isDocLink(first) && textOf(first) === String(number)) link = first;
      text = text.replace(/^\d+\s*/, "");
    }
  }
  const href = link?.attribs.href ?? null;
  const entered = dateIn(picked.entered) ?? firstUsDateIn(/\(Entered:\s*([0-9/]+)\s*\)\s*$/i.exec(text)?.[1]);
  return {
    number,
    numberText: number !== null && numberText !== String(number) && numberText !== "" ? numberText : null,
    dateFiled,
    dateEntered: entered,
    text,
    documentId: docIdFromUrl(href),
    documentUrl: href,
    sequence: link ? sequenceOf(link) : null,
  };
}

/** The entries of one table; a table without a heading row of its own continues the previous layout. */
export function readEntriesTable(table: Element, previous: EntriesLayout | null): { entries: DocketEntryRow[]; layout: EntriesLayout | null } {
  let layout = previous;
  const entries: DocketEntryRow[] = [];
  for (const row of rowsOf(table)) {
    if (!layout || entries.length === 0) {
      const heading = layoutOf(row);
      if (heading) {
        layout = heading;
        continue;
      }
    }
    if (!layout) continue;
    const entry = readEntryRow(row, layout);
    if (entry) entries.push(entry);
  }
  return { entries, layout };
}

/** Whether a table without an entries heading still holds entry rows (a continuation table). */
export function holdsEntryRows(table: Element): boolean {
  return rowsOf(table)
    .slice(0, 5)
    .some((row) => {
      const cells = cellsOf(row);
      return cells.length >= 2 && dateIn(cells[0]) !== null;
    });
}

// The docket entries of a CM/ECF report. Each entries table opens with a heading row ("Date Filed" | "#" |
// "Docket Text", sometimes "Date Entered", a "Select all / clear" checkbox column when the report was run
// with "view multiple documents", a "#" spanning two cells on bankruptcy courts) and holds one row per entry:
// the date, the number with its `doc1` link (and "(5 pgs)" on some courts), the text. Long dockets continue
// in further tables without a heading. Rows without a date are not entries: the attachment lists of the
// checkbox layout (kept with the entry above), spacer rows, the undated rows of old dockets. Some courts
// print the number inside the text cell (no "#" cell); some add a cell the heading does not announce: then
// the row is read by what its cells hold.
import { docIdFromUrl, showDocIdFromUrl } from "./doc-id";
import { type ScannedCell, type ScannedLink, type ScannedRow, attributeOf } from "./scan-tables";
import { usDateToIso } from "./us-date";

export interface DocketAttachment {
  number: number | null;
  description: string;
  pages: number | null;
}

export interface DocketEntryRow {
  number: number | null;
  /** The number cell as printed when it says more than the number ("13 (5 pgs)"), else null. */
  numberText: string | null;
  /** ISO date the entry was filed. */
  dateFiled: string;
  /** ISO date entered: the page's "Date Entered" column, else the text's "(Entered: mm/dd/yyyy)". */
  dateEntered: string | null;
  text: string;
  /** The `doc1` document id, normalized as CM/ECF treats it (4th digit 0). */
  documentId: string | null;
  /** The document link as printed (a `doc1` URL, or `show_doc.pl?...` on older bankruptcy pages). */
  documentUrl: string | null;
  /** CM/ECF's de_seq_num, from the document link where the link carries it. */
  sequence: string | null;
  /** "View multiple documents" reports list the attachments under the entry. */
  attachments: DocketAttachment[];
}

type Column = "filed" | "entered" | "number" | "text" | "select" | "other";

export interface EntriesLayout {
  columns: Column[];
  filed: number;
  entered: number;
  numbers: number[];
  text: number;
}

function expand(cells: ScannedCell[]): ScannedCell[] {
  const out: ScannedCell[] = [];
  for (const cell of cells) for (let i = cell.colspan; i > 0; i--) out.push(cell);
  return out;
}

function columnOf(label: string): Column {
  const text = label.toLowerCase();
  if (/^docket text$/.test(text)) return "text";
  // "#", "No.", "Number", "Doc. No.", "Document Number", "Entry #", "Docket No.".
  if (/^(?:#|no\.?|num(?:ber)?\.?|(?:doc(?:ument)?|entry)\.?(?:\s*(?:#|no\.?|num(?:ber)?\.?))?|docket\s*(?:#|no\.?|num(?:ber)?\.?))$/.test(text)) return "number";
  if (/entered/.test(text)) return "entered";
  if (/filed|filing date|^date$/.test(text)) return "filed";
  if (/select|all\s*\/\s*clear/.test(text)) return "select";
  return "other";
}

/** The layout a heading row announces, or null when the row is no entries heading. */
export function layoutOf(row: ScannedRow): EntriesLayout | null {
  const columns = expand(row.cells).map((cell) => columnOf(cell.text));
  if (!columns.includes("text")) return null;
  const numbers = columns.flatMap((column, index) => (column === "number" ? [index] : []));
  return { columns, filed: columns.indexOf("filed"), entered: columns.indexOf("entered"), numbers, text: columns.indexOf("text") };
}

/** A date cell: "mm/dd/yyyy", possibly with a time after it. */
function dateIn(cell: ScannedCell | undefined): string | null {
  if (!cell) return null;
  const match = /^(\d{1,2}\/\d{1,2}\/\d{2,4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AP]M)?)?$/i.exec(cell.text);
  return match ? usDateToIso(match[1]) : null;
}

const hrefOf = (link: ScannedLink) => attributeOf(link.attributes, "href");

/** A document link: `/doc1/<id>`, or on older bankruptcy pages `show_doc.pl?caseid=..&de_seq_num=..` (no id). */
const DOCUMENT_HREF = /\/docs?1\/|show_doc\.pl/;
const isDocLink = (link: ScannedLink) => DOCUMENT_HREF.test(link.attributes) && DOCUMENT_HREF.test(hrefOf(link));

function sequenceOf(link: ScannedLink, href: string): string | null {
  const fromUrl = /[?&;]de_seq_num=(\d+)/.exec(href) ?? /de_seq_numV(\d+)/.exec(attributeOf(link.attributes, "id"));
  if (fromUrl) return fromUrl[1]!;
  // goDLS('/doc1/...', '<case id>', '<de_seq_num>', ...)
  const call = /goDLS\(\s*'[^']*'\s*,\s*'[^']*'\s*,\s*'(\d+)'/.exec(attributeOf(link.attributes, "onclick"));
  return call ? call[1]! : null;
}

interface Picked {
  filed: ScannedCell | undefined;
  entered: ScannedCell | undefined;
  numbers: ScannedCell[];
  text: ScannedCell | undefined;
}

/** Which cell is which: by the heading when the row has its cells, else by what the cells hold. */
function pick(cells: ScannedCell[], layout: EntriesLayout): Picked {
  const expanded = cells.every((cell) => cell.colspan === 1) ? cells : expand(cells);
  const { columns } = layout;
  if (expanded.length === columns.length && dateIn(expanded[layout.filed])) {
    const numbers = [...new Set(layout.numbers.map((index) => expanded[index]!))];
    return { filed: expanded[layout.filed], entered: expanded[layout.entered], numbers, text: expanded[layout.text] };
  }
  const dated = cells.map((cell) => dateIn(cell) !== null);
  const firstDate = dated.indexOf(true);
  const text = cells[cells.length - 1];
  if (firstDate < 0 || firstDate === cells.length - 1) return { filed: undefined, entered: undefined, numbers: [], text };
  const hasEntered = columns.includes("entered") && dated[firstDate + 1] === true && firstDate + 1 < cells.length - 1;
  const enteredFirst = hasEntered && columns.indexOf("entered") < columns.indexOf("filed");
  const lastDate = hasEntered ? firstDate + 1 : firstDate;
  const numbers = cells.slice(lastDate + 1, cells.length - 1).filter((cell) => !cell.checkbox);
  const [filed, entered] = !hasEntered ? [cells[firstDate], undefined] : enteredFirst ? [cells[lastDate], cells[firstDate]] : [cells[firstDate], cells[lastDate]];
  return { filed, entered, numbers, text };
}

/** The leading "13" of "13", "13 (5 pgs)", or of a text cell on courts that print the number in it. */
const LEADING_NUMBER = /^(\d{1,7})(?![\d/:.,-])(?:\s*\(\s*\d+\s*pgs?\s*\))?\s*/i;

/** The "(Entered: mm/dd/yyyy)" that closes a district entry's text. */
function enteredIn(text: string): string | null {
  const at = text.lastIndexOf("(Entered:");
  if (at < 0) return null;
  return usDateToIso(/^\(Entered:\s*([0-9/]+)\s*\)\s*$/.exec(text.slice(at))?.[1]);
}

/** Reads one row, or null when it is no entry (no date). */
export function readEntryRow(row: ScannedRow, layout: EntriesLayout): DocketEntryRow | null {
  const { cells } = row;
  if (cells.length < 2) return null;
  const picked = pick(cells, layout);
  const dateFiled = dateIn(picked.filed);
  if (!dateFiled || !picked.text) return null;
  let text = picked.text.text;
  let link = picked.numbers.flatMap((cell) => cell.links).find(isDocLink) ?? null;
  // The number's cell: the first that opens with a number (a cell of its own may stand beside it).
  const numberCell = picked.numbers.find((cell) => LEADING_NUMBER.test(cell.text));
  const numberText = numberCell?.text ?? picked.numbers.map((cell) => cell.text).filter(Boolean).join(" ");
  let number = numberCell ? Number(LEADING_NUMBER.exec(numberCell.text)![1]) : Number.NaN;
  if (picked.numbers.length === 0) {
    // No cell for the number: the court prints it at the head of the text, linked when there is a document.
    const leading = LEADING_NUMBER.exec(text);
    if (leading) {
      number = Number(leading[1]);
      text = text.slice(leading[0].length);
      const first = picked.text.links[0];
      if (first && first.leading && isDocLink(first) && first.text.trim() === leading[1]) link = first;
    }
  }
  const entered = dateIn(picked.entered) ?? enteredIn(text);
  const href = link ? hrefOf(link) : null;
  return {
    number: Number.isNaN(number) ? null : number,
    numberText: numberText && !/^\d+$/.test(numberText) ? numberText : null,
    dateFiled,
    dateEntered: entered,
    text,
    documentId: docIdFromUrl(href) ?? showDocIdFromUrl(href),
    documentUrl: href,
    sequence: link && href !== null ? sequenceOf(link, href) : null,
    attachments: [],
  };
}

/** The attachments listed in an undated row under an entry: checkbox | number | description | pages | size. */
function attachmentsIn(row: ScannedRow): DocketAttachment[] {
  const found: DocketAttachment[] = [];
  for (const table of row.cells.flatMap((cell) => cell.tables)) {
    for (const inner of table) {
      const [, numberCell, description, pages] = inner.cells;
      if (!inner.cells[0]?.checkbox || !numberCell || !description) continue;
      found.push({
        number: /^\d+$/.test(numberCell.text) ? Number(numberCell.text) : null,
        description: description.text,
        pages: pages && /^(\d+)\s*pages?$/i.test(pages.text) ? Number.parseInt(pages.text, 10) : null,
      });
    }
  }
  return found;
}

/** The entries of one table; a table without a heading row of its own continues the previous layout. */
export function readEntriesTable(rows: ScannedRow[], previous: EntriesLayout | null): { entries: DocketEntryRow[]; layout: EntriesLayout | null } {
  let layout = previous;
  const entries: DocketEntryRow[] = [];
  for (const row of rows) {
    if (entries.length === 0) {
      const heading = layoutOf(row);
      if (heading) {
        layout = heading;
        continue;
      }
    }
    if (!layout) continue;
    const entry = readEntryRow(row, layout);
    if (entry) entries.push(entry);
    else if (entries.length > 0) entries[entries.length - 1]!.attachments.push(...attachmentsIn(row));
  }
  return { entries, layout };
}

/** Whether a table holds entries: an entries heading, or (continuing one) rows that open with a date. */
export function holdsEntries(rows: ScannedRow[], continuing: boolean): boolean {
  const head = rows.slice(0, 5);
  if (head.some((row) => layoutOf(row) !== null)) return true;
  return continuing && head.some((row) => row.cells.length >= 2 && dateIn(row.cells[0]) !== null);
}

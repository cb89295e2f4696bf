// What CM/ECF's DktRpt.pl would serve from one recorded docket page: the rows of the docket-entry tables
// on the docket "as of" a day (entries entered later are not there yet), within the requested date range
// (date_range_type Filed or Entered, date_from/date_to), with or without the party listing, and a
// transaction receipt billing the bytes served. The recorded page is cut by character ranges found with
// htmlparser2, never re-serialized, so every byte left is the court's own.
import { DomUtils, parseDocument } from "htmlparser2";
import type { Element } from "domhandler";
import { printedCaseNumber } from "@/lib/sources/pacer/printed-case-number";

export interface DocketRow {
  start: number;
  end: number;
  /** ISO dates. */
  filed: string | null;
  entered: string | null;
}

export interface RecordedDocket {
  html: string;
  rows: DocketRow[];
  /** Ranges of the party listing (tables between the header and the entries). */
  partyRanges: Array<[number, number]>;
  /** Where the court's own receipt starts (replaced by ours), or html.length. */
  receiptStart: number;
}

const US_DATE = /(\d{1,2})\/(\d{1,2})\/(\d{2,4})/;

function isoOf(match: RegExpExecArray | null): string | null {
  if (!match) return null;
  const year = match[3]!.length === 2 ? `${Number(match[3]) > 50 ? "19" : "20"}${match[3]}` : match[3]!;
  return `${year}-${match[1]!.padStart(2, "0")}-${match[2]!.padStart(2, "0")}`;
}

const textOf = (element: Element) => DomUtils.textContent(element).replace(/\s+/g, " ").trim();
const cellsOf = (row: Element) => row.children.filter((child): child is Element => child.type === "tag" && (child.name === "td" || child.name === "th"));

export function analyzeDocket(html: string): RecordedDocket {
  const document = parseDocument(html, { withStartIndices: true, withEndIndices: true, lowerCaseTags: true });
  const tables = DomUtils.findAll((element) => element.name === "table", document.children);
  const isEntryTable = (table: Element): boolean => {
    const firstRow = DomUtils.findOne((element) => element.name === "tr", table.children, true);
    return firstRow !== null && /docket text/i.test(textOf(firstRow));
  };
  const firstEntryTable = tables.find(isEntryTable);
  const firstEntries = firstEntryTable?.startIndex ?? html.length;
  const receiptText = html.search(/Transaction\s+Receipt/i);
  const receiptStart = receiptText >= 0 ? html.toLowerCase().lastIndexOf("<table", receiptText) : html.length;
  // Entry rows: every row dated in its first cell in the tables from the first "Docket Text" table to the
  // receipt (long dockets continue in further tables without a heading).
  const rows: DocketRow[] = [];
  const seen = new Set<number>();
  let enteredColumn = false;
  for (const table of tables.filter((t) => t.startIndex! >= firstEntries && t.startIndex! < receiptStart)) {
    for (const row of DomUtils.findAll((element) => element.name === "tr", table.children)) {
      if (seen.has(row.startIndex!)) continue;
      seen.add(row.startIndex!);
      const text = textOf(row);
      if (/docket text/i.test(text)) {
        enteredColumn = /date entered/i.test(text);
        continue;
      }
      const cells = cellsOf(row);
      if (cells.length < 2) continue;
      const filed = isoOf(US_DATE.exec(textOf(cells[0]!)));
      if (!filed) continue;
      const entered = /\(Entered:\s*(\d{1,2}\/\d{1,2}\/\d{2,4})\)/i.exec(text);
      rows.push({
        start: row.startIndex!,
        end: row.endIndex! + 1,
        filed: enteredColumn ? null : filed,
        // The "(Entered: ...)" stamp, else the date column (which is the entry date where the header says so).
        entered: entered ? isoOf(US_DATE.exec(entered[1]!)) : filed,
      });
    }
  }
  // The party listing: the outermost tables after the header's "Date filed:" and before the entries.
  const anchor = html.search(/date\s+filed\s*:/i);
  const partyRanges: Array<[number, number]> = [];
  if (anchor >= 0) {
    for (const table of tables.filter((t) => t.startIndex! > anchor && t.endIndex! < firstEntries)) {
      if (partyRanges.some(([start, end]) => table.startIndex! >= start && table.endIndex! < end)) continue;
      partyRanges.push([table.startIndex!, table.endIndex! + 1]);
    }
  }
  return { html, rows, partyRanges, receiptStart };
}

export interface DocketRequest {
  /** The court's "today" (ISO date): rows entered after it do not exist yet. */
  asOf: string | null;
  rangeType: "Filed" | "Entered";
  from: string | null;
  to: string | null;
  parties: boolean;
}

/** The served page (without receipt) and the rows kept. */
export function cutDocket(docket: RecordedDocket, request: DocketRequest): { html: string; rows: DocketRow[] } {
  const removals: Array<[number, number]> = [];
  const kept: DocketRow[] = [];
  for (const row of docket.rows) {
    const entered = row.entered ?? row.filed!;
    const dated = request.rangeType === "Entered" ? entered : (row.filed ?? entered);
    const exists = request.asOf === null || entered <= request.asOf;
    const inRange = (request.from === null || dated >= request.from) && (request.to === null || dated <= request.to);
    if (exists && inRange) kept.push(row);
    else removals.push([row.start, row.end]);
  }
  if (!request.parties) removals.push(...docket.partyRanges);
  removals.push([docket.receiptStart, docket.html.length]);
  removals.sort((a, b) => a[0] - b[0]);
  let html = "";
  let at = 0;
  for (const [start, end] of removals) {
    if (start < at) continue;
    html += docket.html.slice(at, start);
    at = end;
  }
  html += docket.html.slice(at);
  return { html, rows: kept };
}

/** CM/ECF's receipt table, as the court prints it under a billed report. */
export function receiptHtml(fields: { at: Date; loginId: string; caseNumber: string; pages: number; cents: number }): string {
  const stamp = `${String(fields.at.getUTCMonth() + 1).padStart(2, "0")}/${String(fields.at.getUTCDate()).padStart(2, "0")}/${fields.at.getUTCFullYear()} ${fields.at.toISOString().slice(11, 19)}`;
  return (
    `<hr><center><table border=1 bgcolor=white width=400><tr><th colspan=4><font size=+1 color=darkred>PACER Service Center</font></th></tr>` +
    `<tr><th colspan=4><font color=darkblue>Transaction Receipt</font></th></tr><tr></tr><tr></tr>` +
    `<tr><td colspan=4 align=center><font size=-1 color=darkblue>${stamp}</font></td></tr>` +
    `<tr><th align=left><font size=-1 color=darkblue> PACER Login: </font></th><td align=left><font size=-1 color=darkblue> ${fields.loginId} </font></td>` +
    `<th align=left><font size=-1 color=darkblue> Client Code: </font></th><td align=left><font size=-1 color=darkblue></font></td></tr>` +
    `<tr><th align=left><font size=-1 color=darkblue> Description: </font></th><td align=left><font size=-1 color=darkblue> Docket Report </font></td>` +
    `<th align=left><font size=-1 color=darkblue> Search Criteria: </font></th><td align=left><font size=-1 color=darkblue> ${fields.caseNumber} </font></td></tr>` +
    `<tr><th align=left><font size=-1 color=darkblue> Billable Pages: </font></th><td align=left><font size=-1 color=darkblue> ${fields.pages} </font></td>` +
    `<th align=left><font size=-1 color=darkblue> Cost: </font></th><td align=left><font size=-1 color=darkblue> ${(fields.cents / 100).toFixed(2)} </font></td></tr>` +
    `</table></center></body></html>`
  );
}

/**
 * The report as the hosted case's own: its heading prints `caseId` where the recorded page printed its own
 * number (judge initials and other suffixes kept), as the court prints the number of the case asked for.
 */
export function withPrintedNumber(html: string, caseId: string): string {
  const found = printedCaseNumber(html);
  if (!found) return html;
  const core = /^(?:[a-z]{2,5}\/)?(?:\d[:-])?\d{2,4}-(?:[a-z]{1,6}-)?\d{1,7}/i.exec(found.printed)?.[0] ?? found.printed;
  return html.slice(0, found.at) + caseId + html.slice(found.at + core.length);
}

// What CM/ECF appellate's CaseSummary.jsp (courts of appeals) would serve from one recorded docket page: the
// docket entry rows on the docket "as of" a day (entries docketed later are not there yet), within the requested
// dateFrom/dateTo range (appellate entries have one date, the first cell's), with or without the
// parties/attorneys section (incPtyAty), and a transaction receipt billing what was served the way the
// corpus's appellate receipts show PACER bills it (appellateBilledPages: by the page's printed text). Sections are
// found by the comments the court writes ("NEW SECTION - Party/Aty List", "NEW SECTION - DOCKET ENTRIES");
// the page is cut by character ranges found with htmlparser2, never re-serialized, so every byte left is the
// court's own.
import { DomUtils, parseDocument } from "htmlparser2";
import type { AnyNode, Comment, Element } from "domhandler";

export interface AppellateRow {
  /** The entry's range: its row, the "NEED n" comment before it and the attachment rows after it. */
  start: number;
  end: number;
  /** ISO date of the first cell. */
  date: string;
  /**
   * ISO day the clerk docketed it, where its text says ("[Entered: 06/28/2010 ...]"): a filing can be
   * docketed weeks after its date (ca1's 10-1095: 76 days). Null: the date.
   */
  entered: string | null;
}

export interface RecordedAppellateDocket {
  html: string;
  rows: AppellateRow[];
  /** The parties/attorneys section (its comment up to the next section's), or null. */
  partyRange: [number, number] | null;
  /** The court's own receipt table, or null (a page saved without it). */
  receiptRange: [number, number] | null;
  /** What could not be found, for a test to show (a page saved without the section comments, ...). */
  problems: string[];
}

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const text = (node: AnyNode) => DomUtils.textContent(node).replace(/[\s\u00a0]+/g, " ").trim();
const cellsOf = (row: Element) => row.children.filter((child): child is Element => child.type === "tag" && child.name === "td");
const sectionName = (node: AnyNode) => (node.type === "comment" ? /NEW\s+SECTION\s*-\s*([^=]+?)\s*=*\s*$/i.exec((node as Comment).data)?.[1] ?? null : null);
const isBlank = (node: AnyNode) => node.type === "text" && DomUtils.textContent(node).trim() === "";
const isNeed = (node: AnyNode) => node.type === "comment" && /^\s*NEED\b/.test((node as Comment).data);

/** An entry row: three cells or more, a MM/DD/YYYY first cell, and text that is more than a date (as the reader). */
function dateOfEntry(row: Element): string | null {
  const cells = cellsOf(row);
  if (cells.length < 3) return null;
  const date = US_DATE.exec(text(cells[0]!));
  const last = text(cells.at(-1)!);
  if (!date || last === "" || US_DATE.test(last)) return null;
  return `${date[3]}-${date[1]}-${date[2]}`;
}

export function analyzeAppellateDocket(html: string): RecordedAppellateDocket {
  const document = parseDocument(html, { withStartIndices: true, withEndIndices: true, lowerCaseTags: true });
  const problems: string[] = [];
  const sections = collectSections(document.children);
  const entriesComment = sections.find((node) => /DOCKET ENTRIES/i.test(sectionName(node)!));
  const partyComment = sections.find((node) => /Party\/Aty/i.test(sectionName(node)!));

  // The receipt: the table around "Transaction Receipt".
  const receiptText = DomUtils.findOne((element) => /^t[hd]$/.test(element.name) && /^Transaction\s+Receipt$/i.test(text(element)), document.children);
  const receiptTable = receiptText ? findAncestor(receiptText, "table") : null;
  const receiptRange: [number, number] | null = receiptTable ? [receiptTable.startIndex!, receiptTable.endIndex! + 1] : null;
  if (!receiptRange) problems.push("no transaction receipt");

  // Entries: in the DOCKET ENTRIES section; a page saved without the comment is searched whole, by row shape.
  if (!entriesComment) problems.push('no "DOCKET ENTRIES" section comment: entry rows found by their shape alone');
  const from = entriesComment?.startIndex ?? 0;
  const until = receiptRange?.[0] ?? html.length;
  const rows: AppellateRow[] = [];
  for (const row of DomUtils.findAll((element) => element.name === "tr", document.children)) {
    if (row.startIndex! < from || row.startIndex! >= until) continue;
    const date = dateOfEntry(row);
    if (!date) continue;
    // Take the "NEED n" comment before the row (the court's page-break hint) and the undated rows after it
    // (the entry's attachment list), so a cut entry leaves nothing of itself behind.
    let start = row.startIndex!;
    for (let node = row.prev; node && (isBlank(node) || isNeed(node)); node = node.prev) if (isNeed(node)) start = node.startIndex!;
    let end = row.endIndex! + 1;
    for (let node = row.next; node && (isBlank(node) || isNeed(node) || (node.type === "tag" && (node as Element).name === "tr" && !dateOfEntry(node as Element))); node = node.next) {
      if (node.type === "tag") end = node.endIndex! + 1;
    }
    const stamp = /\[Entered:\s*(\d{2})\/(\d{2})\/(\d{4})/i.exec(text(row));
    rows.push({ start, end, date, entered: stamp ? `${stamp[3]}-${stamp[1]}-${stamp[2]}` : null });
  }
  if (rows.length === 0) problems.push("no docket entry rows");

  // Parties: from their comment to the next section comment beside it (the Case Caption's, on every recorded
  // page that has the section); comments with different parents would not bound whole elements.
  let partyRange: [number, number] | null = null;
  const next = partyComment ? sections.find((node) => node.startIndex! > partyComment.startIndex! && node.parent === partyComment.parent) : undefined;
  if (partyComment && next) partyRange = [partyComment.startIndex!, next.startIndex!];
  else problems.push(partyComment ? 'the "Party/Aty List" section has no following section beside it' : 'no "Party/Aty List" section comment');
  return { html, rows, partyRange, receiptRange, problems };
}

/** Section comments (not "NEW SUBSECTION"), in document order. */
function collectSections(nodes: AnyNode[]): AnyNode[] {
  const found: AnyNode[] = [];
  const stack = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (sectionName(node)) found.push(node);
    if ("children" in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return found;
}

function findAncestor(node: AnyNode, name: string): Element | null {
  for (let at = node.parent; at; at = at.parent) if (at.type === "tag" && (at as Element).name === name) return at as Element;
  return null;
}

export interface AppellateRequest {
  /** The court's "today" (ISO date): entries docketed after it (their "[Entered: ...]" day, else their date) do not exist yet. */
  asOf: string | null;
  /** dateFrom/dateTo, ISO. */
  from: string | null;
  to: string | null;
  /** incPtyAty=Y. */
  parties: boolean;
  /** incDktEntries=Y (default): without it the summary has no entries. */
  entries?: boolean;
}

/** The served page without receipt, the rows kept, and where in it the receipt goes (where the court's was). */
export function cutAppellateDocket(docket: RecordedAppellateDocket, request: AppellateRequest): { html: string; rows: AppellateRow[]; receiptAt: number } {
  const removals: Array<[number, number]> = [];
  const kept: AppellateRow[] = [];
  for (const row of docket.rows) {
    // On the docket once docketed; the range (dateFrom/dateTo) is by the entry's date.
    const exists = request.asOf === null || (row.entered ?? row.date) <= request.asOf;
    const inRange = (request.from === null || row.date >= request.from) && (request.to === null || row.date <= request.to);
    if (exists && inRange && request.entries !== false) kept.push(row);
    else removals.push([row.start, row.end]);
  }
  if (!request.parties && docket.partyRange) removals.push(docket.partyRange);
  // Without a recorded receipt, ours goes before </body>.
  const bodyEnd = docket.html.search(/<\/body/i);
  const receipt = docket.receiptRange ?? [bodyEnd >= 0 ? bodyEnd : docket.html.length, bodyEnd >= 0 ? bodyEnd : docket.html.length];
  removals.push(receipt);
  removals.sort((a, b) => a[0] - b[0]);
  let html = "";
  let at = 0;
  let receiptAt = 0;
  for (const [start, end] of removals) {
    if (start < at) continue;
    html += docket.html.slice(at, start);
    if (start === receipt[0]) receiptAt = html.length;
    at = end;
  }
  html += docket.html.slice(at);
  return { html, rows: kept, receiptAt };
}

/** CM/ECF appellate's receipt table, in the layout the recorded pages print under a docket. */
export function appellateReceiptHtml(fields: { at: Date; loginId: string; caseNumber: string; filtered: boolean; pages: number; cents: number }): string {
  const stamp = `${String(fields.at.getUTCMonth() + 1).padStart(2, "0")}/${String(fields.at.getUTCDate()).padStart(2, "0")}/${fields.at.getUTCFullYear()} ${fields.at.toISOString().slice(11, 19)}`;
  const cell = (value: string) => `<TD ALIGN=LEFT>\n<FONT SIZE=-1 COLOR=DARKBLUE>${value}</FONT></TD>`;
  const label = (name: string) => `<TH ALIGN=LEFT>\n<FONT SIZE=-1 COLOR=DARKBLUE>${name}:</FONT></TH>`;
  return (
    `<TABLE BORDER=1 BGCOLOR=WHITE WIDTH=500>\n<TR><TH COLSPAN=4><FONT SIZE=+1 COLOR=DARKRED>PACER Service Center</FONT></TH></TR>\n` +
    `<TR><TH COLSPAN=4><FONT COLOR=DARKBLUE>Transaction Receipt</FONT></TH></TR>\n<TR></TR>\n<TR></TR>\n` +
    `<TR><TD COLSPAN=4 ALIGN=CENTER>\n<FONT SIZE=-1 COLOR=DARKBLUE>${stamp}</FONT></TD></TR>\n` +
    `<TR>${label("PACER Login")}${cell(fields.loginId)}${label("Client Code")}${cell("&nbsp;")}</TR>` +
    `<TR>${label("Description")}${cell(`Docket Report (${fields.filtered ? "filtered" : "full"})`)}${label("Search Criteria")}${cell(fields.caseNumber)}</TR>` +
    `<TR>${label("Billable Pages")}${cell(String(fields.pages))}${label("Cost")}${cell((fields.cents / 100).toFixed(2))}</TR>\n</TABLE>`
  );
}

/** Characters of printed text in one billed page of an appellate docket report (see appellateBilledPages). */
const TEXT_PER_PAGE = 5_000;

/**
 * The pages PACER bills for an appellate docket report. Not its bytes (the district model: ca1_46307's
 * 65 kB were billed 3 pages, not 16): its printed text, about 5,000 characters a page, 1 at least, 30 at
 * most. Fitted to the receipts of the corpus's appellate pages: 12 of 13 exact; ca9_2 (153 parties, 37,594
 * characters) was billed the 30-page cap, which no text measure explains (tests/unit/replay-appellate-pages
 * lists them).
 */
export function appellateBilledPages(html: string): number {
  const receipt = html.search(/Transaction\s+Receipt/i);
  const body = (receipt >= 0 ? html.slice(0, receipt) : html).replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ");
  const text = DomUtils.textContent(parseDocument(body, { decodeEntities: true })).replace(/\s+/g, " ").trim();
  return Math.min(30, Math.max(1, Math.ceil(text.length / TEXT_PER_PAGE)));
}

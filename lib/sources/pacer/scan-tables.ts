// A fast reader of the tables in a stretch of HTML: rows, cells, and on demand each cell's text, links,
// checkboxes and nested tables. The docket entries are most of a big docket's bytes (a 20,000-entry report
// is ~15 MB); building a DOM for them, or even tokenizing every tag in JavaScript, costs more than the
// budget of a whole read. So only the table structure (table, tr, td, th) is walked here, and a cell's
// content is handled by native regular expressions when, and only when, a reader asks for it. It follows
// the parser rules that matter on CM/ECF pages: a <tr>, <td> or <th> closes the open cell, an unclosed
// row or table ends where its parent does, scripts, styles and comments say nothing.
import { decodeEntities } from "./decode-entities";

export interface ScannedLink {
  /** The link's attributes as written: read them with attributeOf (most links are never looked at). */
  attributes: string;
  text: string;
  /** Nothing visible came before the link in its cell. */
  leading: boolean;
}

export interface ScannedRow {
  cells: ScannedCell[];
}

/**
 * A tag's attributes up to its ">", a quoted value whole: a quote opens a value only right after "=" (and
 * spaces), as a browser and htmlparser2 read it; anywhere else ("title=O'Brien") it is a character of the
 * value, and the tag still ends at its ">" (a quote taken for an opening one took every row up to the next
 * apostrophe of the text into the tag). Written as runs of characters other than ">" and "=", each "="
 * followed by its quoted value or nothing: no two ways to split the same text, so a tag left open (a page cut
 * short inside "<td width=...") fails in one pass. A run inside a repeated group, "(?:[^>"']+|...)*", tries
 * every way to split the run first: 2^n steps for n characters, and the process stalls on such a page.
 */
export const TAG_ATTRIBUTES = String.raw`[^>=]*(?:=(?:\s*"[^"]*"|\s*'[^']*'|(?!\s*["']))[^>=]*)*`;
const STRUCTURE = new RegExp(String.raw`<(\/?)(table|tr|td|th)\b(${TAG_ATTRIBUTES})>`, "gi");
const HIDDEN = /<(script|style)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi;
const HAS_HIDDEN = /<!--|<s(?:cript|tyle)\b/i;
const TAGS_AND_SPACES = /(?:<[^>]*>|\s)+/g;
const LINK = new RegExp(String.raw`<a\b(${TAG_ATTRIBUTES})>([\s\S]*?)<\/a\s*>`, "gi");

const attributePatterns = new Map<string, RegExp>();

/** One attribute's value (entities decoded) from a tag's attribute text, or "" when absent. */
export function attributeOf(source: string, name: string): string {
  if (source.length === 0) return "";
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|[\\s"'])${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i");
    attributePatterns.set(name, pattern);
  }
  const match = pattern.exec(source);
  return match ? decodeEntities(match[1] ?? match[2] ?? match[3] ?? "") : "";
}

/** Visible one-line text of an HTML fragment: tags are spaces, entities decoded, whitespace collapsed. */
export function fragmentText(html: string): string {
  const shown = HAS_HIDDEN.test(html) ? html.replace(HIDDEN, " ") : html;
  const bare = shown.replace(TAGS_AND_SPACES, " ");
  if (!bare.includes("&")) return bare.trim();
  // &nbsp; and friends become spaces only once decoded.
  return decodeEntities(bare).replace(/\s+/g, " ").trim();
}

export class ScannedCell {
  private cachedText: string | null = null;

  constructor(
    /** The cell's inner HTML. */
    readonly html: string,
    readonly colspan: number,
    readonly heading: boolean,
  ) {}

  get text(): string {
    this.cachedText ??= fragmentText(this.html);
    return this.cachedText;
  }

  get links(): ScannedLink[] {
    const links: ScannedLink[] = [];
    for (const match of this.html.matchAll(LINK)) {
      links.push({ attributes: match[1] ?? "", text: fragmentText(match[2] ?? ""), leading: fragmentText(this.html.slice(0, match.index)) === "" });
    }
    return links;
  }

  get checkbox(): boolean {
    return /<input\b[^>]*\btype\s*=\s*["']?checkbox/i.test(this.html);
  }

  /** Tables inside the cell, each as its rows. */
  get tables(): ScannedRow[][] {
    return this.html.includes("<") ? scanTables(this.html) : [];
  }
}

interface Token {
  closing: boolean;
  name: string;
  attributes: string;
  start: number;
  end: number;
}

/** The rows of one table (its inner HTML ends at `end`); tables nested in its cells stay inside those cells. */
function rowsIn(html: string, tokens: Token[], end: number): ScannedRow[] {
  const rows: ScannedRow[] = [];
  let row: ScannedCell[] | null = null;
  let cell: { start: number; colspan: number; heading: boolean } | null = null;
  let depth = 0;
  const closeCell = (at: number) => {
    if (!cell) return;
    row ??= [];
    row.push(new ScannedCell(html.slice(cell.start, at), cell.colspan, cell.heading));
    cell = null;
  };
  const closeRow = (at: number) => {
    closeCell(at);
    if (row) rows.push({ cells: row });
    row = null;
  };
  for (const token of tokens) {
    if (token.name === "table") {
      depth += token.closing ? (depth > 0 ? -1 : 0) : 1;
      continue;
    }
    if (depth > 0) continue;
    if (token.name === "tr") {
      closeRow(token.start);
      if (!token.closing) row = [];
    } else {
      closeCell(token.start);
      if (!token.closing) {
        const colspan = Number(attributeOf(token.attributes, "colspan")) || 1;
        cell = { start: token.end, colspan: Math.max(1, Math.min(colspan, 10)), heading: token.name === "th" };
      }
    }
  }
  closeRow(end);
  return rows;
}

/** The outermost tables of `html` from `from` on, in order, each as its rows. */
export function scanTables(html: string, from = 0): ScannedRow[][] {
  const tables: ScannedRow[][] = [];
  let depth = 0;
  let inner: Token[] = [];
  STRUCTURE.lastIndex = from;
  for (let match = STRUCTURE.exec(html); match; match = STRUCTURE.exec(html)) {
    const token: Token = { closing: match[1] === "/", name: match[2]!.toLowerCase(), attributes: match[3] ?? "", start: match.index, end: STRUCTURE.lastIndex };
    if (token.name === "table" && !token.closing && depth === 0) {
      depth = 1;
      inner = [];
      continue;
    }
    if (depth === 0) continue; // a stray closing tag or a cell outside any table
    if (token.name === "table") depth += token.closing ? -1 : 1;
    if (depth === 0) {
      tables.push(rowsIn(html, inner, token.start));
      continue;
    }
    inner.push(token);
  }
  if (depth > 0) tables.push(rowsIn(html, inner, html.length));
  return tables;
}

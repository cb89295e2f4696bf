// The iquery.pl summary is one <center> block of loose inline HTML: the case number in a large font, the
// case name, then lines separated by <br> (or <p>) holding "Name, presiding" judge lines and bold
// "Label:" value pairs, several pairs per line on bankruptcy pages. Courts add free notes in red fonts
// ("DO NOT DOCKET...") and some leave a <b> or <font> unclosed, so everything after it nests inside
// (txsd); the block is therefore read as a flat run of segments in document order, cut into lines at
// each break, instead of by element structure. Other pages set a case number in bold too (a docket's
// transaction receipt names it in a <font>), so a block counts only when it dates the case ("Date filed", or a
// "Filed" label with a date). Labels in plain text are read here too, the same way for that test and the reader.
import { DomUtils, parseDocument } from "htmlparser2";
import type { AnyNode, Element } from "domhandler";
import { usDateToIso } from "./us-date";

/** One piece of a summary line: free text (red when the court set it in a red font) or a bold label. */
export type Segment = { kind: "text"; text: string; red: boolean } | { kind: "label"; label: string };

export interface SummaryBlock {
  /** The text of the large-font case number, as written ("3:17-cr-00168-SLG All Defendants"). */
  numberText: string;
  /** What follows the number up to the first break: the case name, and any red note beside it. */
  nameLine: Segment[];
  /** The lines after that, each a run of segments; empty lines dropped. */
  lines: Segment[][];
}

const BREAKS = new Set(["br", "p", "div", "tr", "table", "hr"]);
const SKIPPED = new Set(["script", "style", "noscript", "input", "select", "textarea"]);
/** A case number's start: "2:02-cv-...", "10-46652", "4:16-bk-...", the office before a dash "8-10-70959-dte". */
const NUMBER_START = /^\s*(?:\d[:-])?\d{2}-/;

/** Text with non-breaking spaces as spaces and control characters dropped (a title cut mid-entity leaves "&#03"). */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u00a0/g, " ").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
}

/** Reds by name; "red" is CM/ECF's, the others are reds too. */
const RED_NAMES = new Set(["red", "darkred", "crimson", "firebrick", "maroon"]);

/** A colour's red, green and blue (0-255) as CSS or a <font color> writes it ("#f00", "ff0000", "rgb(255, 0, 0)", "rgb(100%,0%,0%)"), or null. */
function rgbOf(color: string): number[] | null {
  const hex = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex.slice(0, 3)].map((d) => d + d) : [hex.slice(0, 2), hex.slice(2, 4), hex.slice(4, 6)];
    return digits.map((d) => Number.parseInt(d, 16));
  }
  const functional = /^rgba?\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/i.exec(color);
  return functional ? functional.slice(1, 4).map((c) => (c.endsWith("%") ? (Number.parseFloat(c) * 255) / 100 : Number.parseFloat(c))) : null;
}

/**
 * Red as the court sets it: a <font color> or, in newer layouts, a style ("color: red !important"), in any
 * spelling of a red: a name, hex, rgb(). A red is a colour of strong red and little green or blue.
 */
function isRed(element: Element): boolean {
  const written = element.attribs.color ?? /(?:^|;)\s*color\s*:\s*([^;]+)/i.exec(element.attribs.style ?? "")?.[1] ?? "";
  const color = written.replace(/!\s*important\s*$/i, "").trim().toLowerCase();
  if (RED_NAMES.has(color)) return true;
  const rgb = rgbOf(color);
  return rgb !== null && rgb[0]! >= 128 && rgb[1]! <= 64 && rgb[2]! <= 64;
}

export const squash = (text: string) => text.replace(/\s+/g, " ").trim();
export const textOf = (segments: Segment[]) => squash(segments.map((s) => (s.kind === "text" ? s.text : "")).join(" "));

/** A label in plain text opening its line ("Related case: 16cv1322-JAH"), not in bold. */
const PLAIN_LABEL = /^([A-Za-z][A-Za-z ]{2,40}):\s*(\S.*)$/;
/** A value that is a date alone, where a plain line's next label plainly starts. */
const DATE_VALUE = String.raw`\d{1,2}\/\d{1,2}\/\d{2,4}|N\/A`;
/**
 * The labels the reader reads, wherever they stand on a plain line (bankruptcy pages print several a line, after
 * values that are words: "Chapter: 7 Asset: No Vol: v"), opening with a capital as labels do: a lower-case one is
 * the end of a longer label ("Original chapter:") or of a text. "Filed" alone is not one (a word of docket texts).
 */
const KNOWN_LABELS = [
  ...["date filed", "date terminated", "date of last filing", "date reopened", "date converted", "related case", "related bankruptcy"],
  ...["case type", "chapter", "asset", "vol", "plan confirmed", "joint debtor discharged", "debtor discharged", "joint debtor dismissed", "debtor dismissed"],
  ...["chief judge", "magistrate judge", "bankruptcy judge", "district judge", "judge"],
].map((label) => label.replace(/^[a-z]/, (c) => c.toUpperCase()).replace(/(?<!^)[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`).replace(/ /g, String.raw`\s+`));
/**
 * A label further along a plain line: any label after a date (a date's end is plain), or one the reader reads
 * after any other value. Other labels after a value of words stay in the value: where such a value ends and the
 * label starts cannot be told ("Judge: Paul L. Friedman Date filed:" is not a label "Friedman Date filed").
 */
const NEXT_LABEL = new RegExp(String.raw`(?<=:\s*(?:${DATE_VALUE})\s+)([A-Za-z][A-Za-z ]{2,40})\s*:|(?<=\s)(${KNOWN_LABELS.join("|")})\s*:`, "g");

/** The label/value pairs of a plain-text line, split at each label (labels lowercased), or null when it opens with none. */
export function plainLabels(text: string): Array<[string, string]> | null {
  const first = PLAIN_LABEL.exec(text);
  if (!first) return null;
  const labels = [{ label: first[1]!, start: 0, end: text.indexOf(":") + 1 }];
  for (const match of text.matchAll(NEXT_LABEL)) {
    if (match.index < labels[0]!.end) continue;
    labels.push({ label: match[1] ?? match[2]!, start: match.index, end: match.index + match[0].length });
  }
  return labels.map(({ label, end }, i) => [squash(label).toLowerCase(), squash(text.slice(end, labels[i + 1]?.start ?? text.length))]);
}

/** A line as its free text (before any bold label) and its bold label/value pairs. */
export function splitLine(line: Segment[]): { free: Segment[]; pairs: Array<[string, string]> } {
  const free: Segment[] = [];
  const pairs: Array<[string, string]> = [];
  for (const segment of line) {
    if (segment.kind === "label") pairs.push([squash(segment.label).toLowerCase(), ""]);
    else if (pairs.length === 0) free.push(segment);
    else pairs.at(-1)![1] += segment.text;
  }
  return { free, pairs: pairs.map(([label, value]) => [label, squash(value)]) };
}

/** A line's labels as the reader reads them: its bold ones, else those of its plain text. */
function labelsOf(line: Segment[]): Array<[string, string]> {
  const { free, pairs } = splitLine(line);
  return pairs.length > 0 ? pairs : (plainLabels(textOf(free)) ?? []);
}

const isBold = (element: Element) => element.name === "b" || element.name === "strong";
/** An element's text on one line (spaces squashed, as cleanText cleans it). */
const flatText = (element: Element) => cleanText(DomUtils.textContent(element)).replace(/\s+/g, " ").trim();
/** A text node that opens with the colon of the bold label before it ("<b>Date filed</b>: 02/21/2008"). */
const COLON_AFTER = /^[\s\u00a0]*:/;

/**
 * A bold element that is a label: short, one line, ending with a colon ("Date filed:", "Vol: "), or followed by
 * its colon when the court set only the words in bold ("<b>Date filed</b>:").
 */
function labelOf(element: Element): string | null {
  if (!isBold(element)) return null;
  if (DomUtils.findOne((e) => BREAKS.has(e.name), element.children, true)) return null;
  const text = flatText(element);
  if (text.length > 60) return null;
  if (text.endsWith(":")) return text.slice(0, -1).trim();
  const next = element.next;
  if (/^[A-Za-z][A-Za-z .]*$/.test(text) && next?.type === "text" && COLON_AFTER.test(next.data)) return text;
  return null;
}

function isAncestor(node: AnyNode, of: AnyNode): boolean {
  for (let up = of.parent; up; up = up.parent) if (up === node) return true;
  return false;
}

/** Elements a case number in a large font is set in. */
const NUMBER_HOLDERS = new Set(["font", "b", "strong", "span"]);
/** What holds the summary: CM/ECF's <center>, or the block or cell a newer layout centres it in. */
const CONTAINERS = new Set(["center", "div", "td", "th", "body"]);
/** Every summary dates the case: a block without "Date filed" is some other page's (a receipt naming the number). */
const DATE_FILED = /^date filed$/i;
/** Courts that shorten it to "Filed" date the case by that label with a date: "filed" alone is also a word of
 * docket texts ("Amended Schedules filed: Schedule B"), so the label must be read as one and carry a date. */
const SHORT_DATE_FILED = "filed";

/** The containers around `element`, nearest first. */
function containersOf(element: Element): Element[] {
  const found: Element[] = [];
  for (let up = element.parent; up; up = up.parent) if (up.type === "tag" && CONTAINERS.has(up.name)) found.push(up);
  return found;
}
const containerOf = (element: Element): Element | null => containersOf(element)[0] ?? null;

/** The lines of `block` after the number element, as runs of segments. */
function readLines(block: Element, numberElement: Element): Segment[][] {
  const lines: Segment[][] = [[]];
  const walk = (nodes: AnyNode[], red: boolean): void => {
    for (const node of nodes) {
      if (node === numberElement) continue;
      if (node.type === "text") {
        let text = cleanText(node.data);
        // The colon of a label set outside its bold words was read with the label.
        if (node.prev?.type === "tag" && COLON_AFTER.test(text) && labelOf(node.prev) !== null && !flatText(node.prev).endsWith(":")) text = text.replace(COLON_AFTER, "");
        if (text.trim()) lines.at(-1)!.push({ kind: "text", text, red });
        continue;
      }
      if (node.type !== "tag") continue;
      if (SKIPPED.has(node.name)) continue;
      // The number element may sit inside a <b>: walk into it, skipping only the number itself.
      const label = isAncestor(node, numberElement) ? null : labelOf(node);
      if (label !== null) {
        lines.at(-1)!.push({ kind: "label", label });
        continue;
      }
      if (BREAKS.has(node.name)) lines.push([]);
      walk(node.children, red || isRed(node));
      if (BREAKS.has(node.name) && node.name !== "br") lines.push([]);
    }
  };
  walk(block.children, false);
  return lines;
}

const datesTheCase = (lines: Segment[][]) =>
  lines.some(
    (line) =>
      line.some((segment) => (segment.kind === "label" ? DATE_FILED.test(segment.label.replace(/\s+/g, " ")) : /\bdate\s+filed\s*:/i.test(segment.text))) ||
      labelsOf(line).some(([label, value]) => label === SHORT_DATE_FILED && usDateToIso(value) !== null),
  );

/** The summary block of an iquery.pl page, or null when the page has none (an error or login page). */
export function readSummaryBlock(html: string): SummaryBlock | null {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  const numbers = DomUtils.findAll((e) => NUMBER_HOLDERS.has(e.name) && NUMBER_START.test(cleanText(DomUtils.textContent(e))), document.children);
  const tried = new Set<Element>();
  for (const numberElement of numbers) {
    // The outermost holder of the number stands for it (a <font> inside a <b> was tried with its <b>).
    if (numbers.some((other) => other !== numberElement && isAncestor(other, numberElement) && containerOf(other) === containerOf(numberElement))) continue;
    // The nearest block that dates the case. The number may sit in a block of its own (a <div>, a cell) inside the
    // summary: a block holding nothing but the number stands for it, and the one around it is read. A block with
    // more (a docket's receipt, whose number is set beside other text) is the only one tried.
    const numberText = flatText(numberElement);
    for (const block of containersOf(numberElement)) {
      if (flatText(block) === numberText) continue;
      if (tried.has(block)) break;
      tried.add(block);
      const read = readLines(block, numberElement);
      if (!datesTheCase(read)) break;
      // Past the number's own block, the line it left empty is not the name's.
      const lines = block === containerOf(numberElement) ? read : read.slice(read.findIndex((line) => line.length > 0));
      return {
        numberText,
        nameLine: lines[0]!,
        lines: lines.slice(1).filter((line) => line.length > 0),
      };
    }
  }
  return null;
}

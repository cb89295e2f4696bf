// The iquery.pl summary is one <center> block of loose inline HTML: the case number in a large font, the
// case name, then lines separated by <br> (or <p>) holding "Name, presiding" judge lines and bold
// "Label:" value pairs, several pairs per line on bankruptcy pages. Courts add free notes in red fonts
// ("DO NOT DOCKET...") and some leave a <b> or <font> unclosed, so everything after it nests inside
// (txsd); the block is therefore read as a flat run of segments in document order, cut into lines at
// each break, instead of by element structure.
import { DomUtils, parseDocument } from "htmlparser2";
import type { AnyNode, Element } from "domhandler";

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
/** A case number's start: "2:02-cv-...", "10-46652", "4:16-bk-...". */
const NUMBER_START = /^\s*(?:\d:)?\d{2}-/;

/** Text with non-breaking spaces as spaces and control characters dropped (a title cut mid-entity leaves "&#03"). */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u00a0/g, " ").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
}

const isRed = (element: Element) => /^(red|#?ff0000)$/i.test((element.attribs.color ?? "").trim());

/** A bold element that is a label: short, one line, ending with a colon ("Date filed:", "Vol: "). */
function labelOf(element: Element): string | null {
  if (element.name !== "b" && element.name !== "strong") return null;
  if (DomUtils.findOne((e) => BREAKS.has(e.name), element.children, true)) return null;
  const text = cleanText(DomUtils.textContent(element)).replace(/\s+/g, " ").trim();
  if (!text.endsWith(":") || text.length > 60) return null;
  return text.slice(0, -1).trim();
}

function isAncestor(node: AnyNode, of: AnyNode): boolean {
  for (let up = of.parent; up; up = up.parent) if (up === node) return true;
  return false;
}

/** The large-font case number that opens the block: the first <font> (or <b>) whose text starts as one. */
function findNumberElement(block: Element): Element | null {
  const fonts = DomUtils.findAll((e) => e.name === "font" || e.name === "b", block.children);
  return fonts.find((e) => NUMBER_START.test(cleanText(DomUtils.textContent(e)))) ?? null;
}

/** The summary block of an iquery.pl page, or null when the page has none (an error or login page). */
export function readSummaryBlock(html: string): SummaryBlock | null {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  for (const center of DomUtils.findAll((e) => e.name === "center", document.children)) {
    const numberElement = findNumberElement(center);
    if (!numberElement) continue;
    const lines: Segment[][] = [[]];
    const walk = (nodes: AnyNode[], red: boolean): void => {
      for (const node of nodes) {
        if (node === numberElement) continue;
        if (node.type === "text") {
          const text = cleanText(node.data);
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
    walk(center.children, false);
    return {
      numberText: cleanText(DomUtils.textContent(numberElement)).replace(/\s+/g, " ").trim(),
      nameLine: lines[0]!,
      lines: lines.slice(1).filter((line) => line.length > 0),
    };
  }
  return null;
}

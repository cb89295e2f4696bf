// The small DOM toolkit the appellate docket reader needs: one document-order walk that indexes what the
// reader looks at (rows, bold labels, links, section comments), and text helpers that keep the page's line
// breaks (<br>) because CM/ECF appellate puts one fact per line inside a cell (party name / role, attorney
// name / phone / roles / firm / address).
import { DomUtils, parseDocument } from "htmlparser2";

export type DomElement = ReturnType<typeof DomUtils.getElementsByTagName>[number];
export type DomNode = DomElement["children"][number];

export interface PageIndex {
  /** Every <tr>, in document order. */
  rows: DomElement[];
  /** Every <b>, in document order. */
  bolds: DomElement[];
  /** Where each section comment ("NEW SECTION - DOCKET ENTRIES", ...) was seen: counts of rows and bolds before it. */
  sections: Array<{ name: string; rowIndex: number; boldIndex: number }>;
  /** Hosts named by any href or form action (for the court a page belongs to). */
  hrefs: string[];
  /** Text of <title>. */
  title: string;
  /** Whether the page has a password field (login pages). */
  hasPassword: boolean;
  /** The document's top-level nodes, for the page's whole text. */
  top: DomNode[];
}

// Node kinds by domhandler's type names ("tag", "script" and "style" are elements).
const kind = (node: DomNode): string => node.type as string;
export const isElement = (node: DomNode | null | undefined): node is DomElement =>
  node !== null && node !== undefined && (kind(node) === "tag" || kind(node) === "script" || kind(node) === "style");
const dataOf = (node: DomNode): string => (node as unknown as { data: string }).data;

/** Parse once (htmlparser2: fast, forgiving of CM/ECF's unclosed cells) and index in one walk. */
export function indexPage(html: string): PageIndex {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  const index: PageIndex = { rows: [], bolds: [], sections: [], hrefs: [], title: "", hasPassword: false, top: document.children };
  // An explicit stack, not recursion: a big docket nests deeply enough to matter on a small stack.
  const stack: DomNode[] = [...document.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (kind(node) === "comment") {
      const name = /NEW\s+(?:SUB)?SECTION\s*-\s*([^=]+?)\s*=*\s*$/i.exec(dataOf(node))?.[1];
      if (name) index.sections.push({ name: name.toUpperCase(), rowIndex: index.rows.length, boldIndex: index.bolds.length });
      continue;
    }
    if (!isElement(node) || node.name === "script" || node.name === "style") continue;
    switch (node.name) {
      case "tr":
        index.rows.push(node);
        break;
      case "b":
      case "strong":
        index.bolds.push(node);
        break;
      case "a":
      case "form":
        if (node.attribs.href) index.hrefs.push(node.attribs.href);
        if (node.attribs.action) index.hrefs.push(node.attribs.action);
        break;
      case "input":
        if ((node.attribs.type ?? "").toLowerCase() === "password") index.hasPassword = true;
        break;
      case "title":
        index.title = clean(textOf(node));
        break;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return index;
}

/** The first section comment whose name passes the test, or null (pages saved without comments). */
export function sectionStart(index: PageIndex, test: RegExp): PageIndex["sections"][number] | null {
  return index.sections.find((section) => test.test(section.name)) ?? null;
}

/**
 * The rows of the first section whose name passes the test, up to the next marked one; null when the page marks
 * no such section, or marks none after it: its end is then unknown, and the page's end would take in the rows
 * that follow it (PACER's transaction receipt: "Docket Report (full)", "Billable Pages: 1").
 */
export function sectionRows(index: PageIndex, test: RegExp): DomElement[] | null {
  const at = index.sections.findIndex((section) => test.test(section.name));
  const next = at < 0 ? undefined : index.sections[at + 1];
  return next ? index.rows.slice(index.sections[at]!.rowIndex, next.rowIndex) : null;
}

/** Whitespace (including &nbsp;) collapsed, trimmed. */
export function clean(text: string): string {
  return text.replace(/[\s\u00a0]+/g, " ").trim();
}

/** All text under a node, scripts and styles left out. */
export function textOf(node: DomNode, skip?: (element: DomElement) => boolean): string {
  const parts: string[] = [];
  collect(node, parts, false, skip);
  return parts.join("");
}

/**
 * The node's text as lines: a <br> or a block element ends a line; whitespace inside a line collapses. An
 * empty line is kept (two <br> in a row), since CM/ECF separates attorneys that way.
 */
export function linesOf(node: DomNode): string[] {
  const parts: string[] = [];
  collect(node, parts, true);
  return parts
    .join("")
    .split("\n")
    .map((line) => clean(line));
}

// The page's own frame counts too: a notice page's title and body are separate lines, not "Case SummaryCase not found".
const BLOCKS = new Set(["html", "head", "title", "body", "tr", "table", "div", "p", "li", "ul", "center", "h1", "h2", "h3", "h4", "hr"]);

function collect(root: DomNode, parts: string[], breaks: boolean, skip?: (element: DomElement) => boolean): void {
  // A string on the stack is text to emit when reached: how a block's end gets its line break.
  const stack: Array<DomNode | string> = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === "string") {
      parts.push(node);
      continue;
    }
    if (kind(node) === "text") {
      // Source newlines are layout, not line breaks: only markup breaks lines.
      parts.push(breaks ? dataOf(node).replace(/[\r\n]+/g, " ") : dataOf(node));
      continue;
    }
    if (!isElement(node) || node.name === "script" || node.name === "style") continue;
    if (skip?.(node)) continue;
    if (node.name === "br") {
      parts.push(breaks ? "\n" : " ");
      continue;
    }
    const separator = breaks && BLOCKS.has(node.name) ? "\n" : node.name === "td" || node.name === "th" ? " " : "";
    if (separator) {
      parts.push(separator);
      stack.push(separator);
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}

/** Direct element children with the given tag name. */
export function childElements(node: DomElement, name: string): DomElement[] {
  return node.children.filter((child): child is DomElement => isElement(child) && child.name === name);
}

/** The nearest ancestor with the given tag name. */
export function ancestor(node: DomNode, name: string): DomElement | null {
  let current = node.parent as DomNode | null;
  while (current) {
    if (isElement(current) && current.name === name) return current;
    current = current.parent as DomNode | null;
  }
  return null;
}

/** Descendant elements (document order) that pass the test. */
export function findAll(root: DomElement, test: (element: DomElement) => boolean): DomElement[] {
  const found: DomElement[] = [];
  const stack: DomNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    if (test(node)) found.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return found;
}

// The small DOM toolkit the CM/ECF docket readers share: htmlparser2's forgiving parser (CM/ECF pages are
// old, hand-written HTML: unclosed <tr>, upper-case tags, `</tr></td>` inversions) and text helpers that
// keep the line structure the court gave (<br>, cells and blocks become line breaks) because CM/ECF
// puts one fact per line ("Assigned to: ...", an attorney's address lines).
import { parseDocument } from "htmlparser2";
import type { AnyNode, Document, Element } from "domhandler";
import { TAG_ATTRIBUTES } from "./scan-tables";

export type { AnyNode, Document, Element };

export function parseHtml(html: string): Document {
  return parseDocument(balanceTableTags(html), { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
}

const TABLE_TAG = new RegExp(String.raw`<!--[\s\S]*?-->|<(script|style)\b[\s\S]*?<\/\1\s*>|<(\/?)(table|tr|td|th)\b${TAG_ATTRIBUTES}>`, "gi");

/**
 * Table tags as a browser reads them, made explicit for htmlparser2, which knows no table scope: a cell or
 * row opened while one is open closes it first (an unclosed <td> holding an open <font> would otherwise take
 * the next cell inside it), and a closing </tr>, </td> or </table> with nothing of its kind open in the
 * current table is dropped (CM/ECF writes stray ones, e.g. "</TD></TR></TR>", and htmlparser2 would close
 * the enclosing table's row with it, taking the rest of a nested parties table out of its table).
 */
export function balanceTableTags(html: string): string {
  // Per open table: whether a row is open, and the open cell's tag.
  const tables: Array<{ row: boolean; cell: string | null }> = [];
  return html.replace(TABLE_TAG, (tag: string, hidden: string | undefined, slash: string, rawName: string) => {
    if (hidden || !rawName) return tag;
    const name = rawName.toLowerCase();
    const table = tables[tables.length - 1];
    if (name === "table") {
      if (!slash) tables.push({ row: false, cell: null });
      else if (tables.pop() === undefined) return "";
      return tag;
    }
    if (!table) return slash ? "" : tag;
    const closeCell = table.cell ? `</${table.cell}>` : "";
    if (name === "tr") {
      if (slash && !table.row) return "";
      const closeRow = !slash && table.row ? "</tr>" : "";
      table.row = !slash;
      table.cell = null;
      return slash ? `${closeCell}${tag}` : `${closeCell}${closeRow}${tag}`;
    }
    // A cell closes the open cell, whichever of td and th either is.
    if (slash) {
      table.cell = null;
      return closeCell;
    }
    table.row = true;
    table.cell = name;
    return closeCell + tag;
  });
}

/** Elements proper (script and style are elements too for htmlparser2, typed apart). */
export function isElement(node: AnyNode): node is Element {
  return node.type === "tag" || node.type === "script" || node.type === "style";
}

/** Block-level tags: each starts a new line of text. */
const BLOCKS = new Set([
  "p", "div", "table", "tbody", "thead", "tfoot", "tr", "td", "th", "li", "ul", "ol", "h1", "h2", "h3", "h4",
  "h5", "h6", "center", "hr", "dd", "dt", "dl", "blockquote", "pre", "form", "caption",
]);

/** Non-breaking and other odd spaces are plain spaces for every rule downstream. */
export function squash(text: string): string {
  return text.replace(/[\s\u00a0\u2000-\u200b\u3000]+/g, " ").trim();
}

function collectText(node: AnyNode, out: string[], breaks: boolean): void {
  if (node.type === "text") {
    // A line break in the markup is only a space on the page.
    const data = (node as unknown as { data: string }).data;
    out.push(breaks ? data.replace(/[\t\n\r\f]+/g, " ") : data);
    return;
  }
  if (!isElement(node)) return;
  if (node.type !== "tag") return; // script and style say nothing on the page
  const block = breaks && BLOCKS.has(node.name);
  if (node.name === "br") {
    out.push(breaks ? "\n" : " ");
    return;
  }
  if (block) out.push("\n");
  else if (!breaks && (node.name === "td" || node.name === "th" || BLOCKS.has(node.name))) out.push(" ");
  for (const child of node.children) collectText(child, out, breaks);
  if (block) out.push("\n");
}

/** The visible text of a node on one line, whitespace collapsed. */
export function textOf(node: AnyNode | null | undefined): string {
  if (!node) return "";
  const out: string[] = [];
  collectText(node, out, false);
  return squash(out.join(""));
}

/** The visible lines of one or more nodes: <br>, cells and blocks break lines; empty lines dropped. */
export function linesOf(nodes: AnyNode | AnyNode[]): string[] {
  const out: string[] = [];
  for (const node of Array.isArray(nodes) ? nodes : [nodes]) collectText(node, out, true);
  return out
    .join("")
    .split("\n")
    .map(squash)
    .filter((line) => line.length > 0);
}

export function childElements(node: AnyNode): Element[] {
  if (!("children" in node)) return [];
  return (node.children as AnyNode[]).filter((child): child is Element => child.type === "tag");
}

/** The rows of a table itself (through thead/tbody/tfoot), never the rows of tables nested in its cells. */
export function rowsOf(table: Element): Element[] {
  const rows: Element[] = [];
  const visit = (parent: Element) => {
    for (const child of childElements(parent)) {
      if (child.name === "tr") {
        rows.push(child);
        // A row nested in a row (markup the parser could not mend) is a row of this table too.
        visit(child);
      } else if (child.name === "tbody" || child.name === "thead" || child.name === "tfoot") visit(child);
    }
  };
  visit(table);
  return rows;
}

/** The cells of a row itself. */
export function cellsOf(row: Element): Element[] {
  return childElements(row).filter((cell) => cell.name === "td" || cell.name === "th");
}

/** Every element with one of the tag names, in document order, in one walk. */
export function elementsByTag(root: AnyNode, names: ReadonlySet<string>): Element[] {
  const found: Element[] = [];
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "tag" && names.has((node as Element).name)) found.push(node as Element);
    if ("children" in node && node.type !== "script" && node.type !== "style") {
      const children = node.children as AnyNode[];
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
  return found;
}

/** The first descendant element that passes the test, depth first. */
export function findElement(root: AnyNode, test: (element: Element) => boolean): Element | null {
  for (const child of "children" in root ? (root.children as AnyNode[]) : []) {
    if (child.type !== "tag") continue;
    if (test(child as Element)) return child as Element;
    const inner = findElement(child, test);
    if (inner) return inner;
  }
  return null;
}

/** Like findElement, but never looks inside nested tables: what a cell itself shows. */
export function findInCell(root: AnyNode, test: (element: Element) => boolean): Element | null {
  for (const child of "children" in root ? (root.children as AnyNode[]) : []) {
    if (child.type !== "tag") continue;
    if (test(child as Element)) return child as Element;
    if ((child as Element).name === "table") continue;
    const inner = findInCell(child, test);
    if (inner) return inner;
  }
  return null;
}

export function hasAncestor(node: AnyNode, test: (element: Element) => boolean, stop?: AnyNode): boolean {
  for (let parent = node.parent; parent && parent !== stop; parent = parent.parent) {
    if (parent.type === "tag" && test(parent as Element)) return true;
  }
  return false;
}

/** Nodes that follow `start` in document order at its level or above (its next siblings, then its parents'). */
export function* followingNodes(start: AnyNode): Generator<AnyNode> {
  for (let node: AnyNode | null = start; node; node = node.parent) {
    for (let next = node.next; next; next = next.next) yield next;
  }
}

// The heading and header block of a CM/ECF docket report: the court and docket number (an <h3> on district
// and special courts, a <center> on bankruptcy courts), then one or two tables of "Label: value" lines
// (district: case name first, then Assigned to / Cause / Date Filed...; bankruptcy: Assigned to, chapter,
// dates in a table of their own, an adversary proceeding's natures of suit in another). The block ends
// where the parties or the docket entries begin.
import { type AnyNode, type Element, elementsByTag, findElement, findInCell, followingNodes, isElement, linesOf, rowsOf, cellsOf, textOf } from "./docket-dom";

export interface DocketHeading {
  /** The heading's lines above the number: court name, division. */
  courtLines: string[];
  /** What the heading calls the record: "CIVIL DOCKET FOR CASE", "Bankruptcy Petition", "Adversary Proceeding". */
  recordKind: string;
  docketNumber: string;
}

export interface DocketHeader {
  heading: DocketHeading;
  /** Every line of the header block, in order. */
  lines: string[];
  /** The case name lines that open a district header (before the first label), joined. */
  caption: string | null;
  /** Label (lower case, e.g. "date filed") → its values: the text after the colon, then any unlabelled lines under it. */
  labels: Map<string, string[]>;
}

const NUMBER_LINE = /^(.*?)#\s*:\s*(.*)$/;
/** The number after "#:": up to the first word with a digit ("3:08-cv-00177-SI", "MDL No. 2873"). */
const NUMBER = /^(?:[A-Za-z.]+\s+){0,3}?\S*\d\S*/;
/** "Label:" at the start of a line; the case name's "In re:" is not a label. */
const LABEL = /^([A-Za-z0-9][A-Za-z0-9 .,'()[\]/&?-]{0,78}?)\s*:(?:\s+|$)(.*)$/;
const NOT_LABELS = new Set(["in re", "re", "in the matter of", "matter of", "in the matter", "in re the matter of"]);
/**
 * A case name with a colon in it ("In the Matter of the Search of: 123 Main St", "USA v. Sealed: Count 2") is
 * no label: no CM/ECF label opens like a caption or names two sides.
 */
const CAPTION_LIKE = /^(?:in re|in the matter|matter of|application of|petition of|search of)\b|\s(?:v|vs|versus)\.?\s/i;

export function labelOf(line: string): { label: string; value: string } | null {
  const match = LABEL.exec(line);
  if (!match) return null;
  const label = match[1]!.trim().toLowerCase();
  if (NOT_LABELS.has(label) || CAPTION_LIKE.test(label) || /^\d+$/.test(label)) return null;
  return { label, value: match[2]!.trim() };
}

function headingOf(element: Element): DocketHeading | null {
  const lines = linesOf(element).slice(0, 8);
  const index = lines.findIndex((line) => NUMBER_LINE.test(line));
  if (index < 0) return null;
  const match = NUMBER_LINE.exec(lines[index]!)!;
  const number = NUMBER.exec(match[2] || lines[index + 1] || "")?.[0];
  if (!number) return null;
  return { courtLines: lines.slice(0, index), recordKind: match[1]!.replace(/\bFOR CASE\s*$/i, "").trim() || match[1]!.trim(), docketNumber: number };
}

/**
 * Where the heading may sit: CM/ECF prints it in an <h3> (district, special courts) or a <center>
 * (bankruptcy); any other heading, then any block that holds no table, is taken the same way.
 */
const PRINTED_HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "center"]);
const HEADING_TAGS = new Set([...PRINTED_HEADINGS, "div", "p"]);

/** The element that names the court and the docket number, with what it says. */
export function findHeading(root: AnyNode): { element: Element; heading: DocketHeading } | null {
  // Headings proper first: a <div> or <p> above the heading that names some other number ("Receipt #: 12345",
  // a notice), or a <div> that such a block opens around the heading, is no heading where one is printed.
  return headingAmong(root, PRINTED_HEADINGS) ?? headingAmong(root, HEADING_TAGS);
}

function headingAmong(root: AnyNode, tags: ReadonlySet<string>): { element: Element; heading: DocketHeading } | null {
  for (const element of elementsByTag(root, tags)) {
    // A <center> or <div> may wrap a whole page on old bankruptcy layouts: only a short one can be the heading.
    if (findElement(element, (inner) => inner.name === "table")) continue;
    let heading = headingOf(element);
    if (!heading) continue;
    // A block wrapping the heading with more than it (a <div> around the <h3> and the header lines) is not it:
    // the innermost block that still names the number is.
    let found = element;
    for (;;) {
      const inner = findElement(found, (candidate) => HEADING_TAGS.has(candidate.name) && headingOf(candidate)?.docketNumber === heading!.docketNumber);
      if (!inner) break;
      found = inner;
      heading = headingOf(inner)!;
    }
    return { element: found, heading };
  }
  return null;
}

/** A table of docket entries: one of its own rows has a "Docket Text" heading cell. */
export function isEntriesTable(table: Element): boolean {
  return rowsOf(table).some((row) => cellsOf(row).some((cell) => /^docket text$/i.test(textOf(cell))));
}

/** A table of parties: a "represented by" cell, or a party-role heading (<b><u>, <i><b> or <b><i>, or "Role / -----"). */
export function isPartiesTable(table: Element): boolean {
  return rowsOf(table).some((row) => {
    const cells = cellsOf(row);
    const first = cells[0];
    if (!first) return false;
    if (cells.some((cell) => /^represented by$/i.test(textOf(cell)))) return true;
    if (findInCell(first, (el) => el.name === "u")) return true;
    // A bankruptcy role in bold italics, whichever wraps the other.
    const nested = (outer: string, inner: string) => findInCell(first, (el) => el.name === outer && findInCell(el, (within) => within.name === inner) !== null) !== null;
    if (nested("i", "b") || nested("b", "i")) return true;
    return /-{5,}$/.test(textOf(first));
  });
}

function isReceiptTable(table: Element): boolean {
  return /PACER Service Center|Transaction Receipt/i.test(textOf(table));
}

/**
 * The header nodes after the heading: everything up to the first parties, entries or receipt table.
 * A wrapper that holds such a table is entered rather than taken whole.
 */
function headerNodes(heading: Element): AnyNode[] {
  const taken: AnyNode[] = [];
  let tables = 0;
  const visit = (node: AnyNode): boolean => {
    if (!isElement(node)) {
      taken.push(node);
      return true;
    }
    if (node.type !== "tag") return true;
    if (node.name === "table") {
      if (isEntriesTable(node) || isPartiesTable(node) || isReceiptTable(node)) return false;
      tables += 1;
      taken.push(node);
      return tables < 6;
    }
    if (findElement(node, (inner) => inner.name === "table")) {
      for (const child of node.children) if (!visit(child)) return false;
      return true;
    }
    taken.push(node);
    return true;
  };
  for (const node of followingNodes(heading)) if (!visit(node)) break;
  return taken;
}

function readLabels(lines: string[], from: number): Map<string, string[]> {
  const labels = new Map<string, string[]>();
  let current: string[] | null = null;
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    const labelled = labelOf(line);
    if (labelled) {
      current = labels.get(labelled.label) ?? null;
      if (current === null) {
        current = [];
        labels.set(labelled.label, current);
      } else current = null; // a label printed twice: the first one counts
      if (current && labelled.value) current.push(labelled.value);
      continue;
    }
    current?.push(line);
  }
  return labels;
}

export function readDocketHeader(root: AnyNode): DocketHeader | null {
  const found = findHeading(root);
  if (!found) return null;
  const lines = linesOf(headerNodes(found.element));
  // District and special courts open the block with the case name, possibly over two lines.
  let start = 0;
  const caption: string[] = [];
  while (start < lines.length) {
    const line = lines[start]!;
    const labelled = labelOf(line);
    if (labelled && labelled.label === "case title") {
      caption.push(labelled.value);
      start += 1;
      continue;
    }
    if (labelled) break;
    caption.push(line);
    start += 1;
  }
  return {
    heading: found.heading,
    lines,
    caption: caption.length > 0 ? caption.join(" ") : null,
    labels: readLabels(lines, start),
  };
}

/** The first value of the first label present, e.g. first(labels, "date filed"). */
export function firstValue(labels: Map<string, string[]>, ...names: string[]): string | null {
  for (const name of names) {
    const value = labels.get(name)?.[0];
    if (value) return value;
  }
  return null;
}

// The top of a CM/ECF appellate docket (TransportRoom CaseSummary): the case stub (number, dates, nature of
// suit, short title, appeal from), the case type lines, the originating court block and the panel. Every fact
// there is a bold label followed by its value up to the next line break or label, e.g.
// `<b>Docketed:</b> 01/27/2010<br><b>Termed:</b> 05/24/2010`.
import {
  ancestor,
  childElements,
  clean,
  findAll,
  isElement,
  linesOf,
  sectionStart,
  textOf,
  type DomElement,
  type PageIndex,
} from "./appellate-dom";

export interface AppellateHeader {
  caseNumber: string;
  title: string;
  docketedOn: string | null;
  termedOn: string | null;
  natureOfSuit: string | null;
  caseTypeItems: string[];
  appealFrom: string | null;
  origin: { designation: string; caseNumber: string; href: string | undefined } | null;
  panel: string[];
  hearingDate: string | null;
  headingLines: string[];
}

/** "Court of Appeals Docket #:", "Bankruptcy Appellate Panel Docket #:", "Case Number:" (CAVC). */
const CASE_NUMBER_LABEL = /(?:docket\s*#|case\s+number)\s*:?$/i;
const US_DATE = /\b(\d{1,2}\/\d{1,2}\/\d{4})\b/;
/** What CM/ECF prints where a value is absent. */
const EMPTY = /^(?:null|none|-+|not available)?$/i;

/**
 * The first mm/dd/yyyy in the text, or null. A date that is not on the calendar (a typo on the page) is
 * left out rather than passed on: normalization would refuse the whole case for it.
 */
export function usDate(text: string | null | undefined): string | null {
  const date = US_DATE.exec(text ?? "")?.[1];
  return date && onCalendar(date) ? date : null;
}

export function onCalendar(date: string): boolean {
  const [month, day, year] = date.split("/").map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}
const present = (text: string | null | undefined): string | null => {
  const value = clean(text ?? "");
  return EMPTY.test(value) ? null : value;
};

const labelOf = (bold: DomElement): string => clean(textOf(bold)).replace(/\s*:$/, "").toLowerCase();

/** The value printed after a bold label: its following siblings up to a <br> or the next bold label. */
function valueAfter(bold: DomElement): string {
  const parts: string[] = [];
  for (let node = bold.next; node; node = node.next) {
    if (isElement(node) && (node.name === "br" || node.name === "b" || node.name === "strong")) break;
    parts.push(textOf(node));
  }
  return clean(parts.join(""));
}

/** The case stub's bold label, or null: a page without one is not an appellate docket. */
export function findCaseNumberLabel(index: PageIndex): DomElement | null {
  return index.bolds.find((bold) => CASE_NUMBER_LABEL.test(clean(textOf(bold)))) ?? null;
}

export function readHeader(index: PageIndex, numberLabel: DomElement): AppellateHeader {
  // First occurrence wins: the stub and the blocks under it come before the parties and the entries, whose
  // texts may hold bold words of their own; where the page marks its sections, those are left out.
  const end = sectionStart(index, /PARTY|CAPTION|DOCKET ENTRIES/)?.boldIndex ?? index.bolds.length;
  const values = new Map<string, { value: string; bold: DomElement }>();
  for (const bold of index.bolds.slice(0, end)) {
    const label = labelOf(bold);
    if (label && !values.has(label)) values.set(label, { value: valueAfter(bold), bold });
  }
  const value = (label: string) => values.get(label)?.value ?? null;

  const stub = ancestor(numberLabel, "table");
  const headingLines: string[] = [];
  for (const bold of index.bolds) {
    if (bold === numberLabel) break;
    headingLines.push(...linesOf(bold).filter(Boolean));
  }

  return {
    caseNumber: valueAfter(numberLabel),
    title: stub ? titleOf(stub) : "",
    docketedOn: usDate(value("docketed")),
    termedOn: usDate(value("termed")),
    natureOfSuit: present(value("nature of suit")),
    caseTypeItems: caseTypeItems(values.get("case type information")?.bold),
    appealFrom: present(value("appeal from")),
    origin: originOf(values.get("originating court information")?.bold),
    // The panel is printed as initials or names separated by runs of &nbsp;.
    panel: splitPanel(values.get("panel")?.bold),
    hearingDate: usDate(value("date of hearing")),
    headingLines,
  };
}

/** The short title: the stub's one cell without a bold label ("Samuels v. Deutsche Bank National Trust C"). */
function titleOf(stub: DomElement): string {
  for (const cell of findAll(stub, (element) => element.name === "td")) {
    if (findAll(cell, (element) => element.name === "b" || element.name === "strong").length > 0) continue;
    const text = clean(textOf(cell));
    if (text) return text;
  }
  return "";
}

/** "Case Type Information: 1) civil 2) private 3) bankruptcy" → ["civil", "private", "bankruptcy"]. */
function caseTypeItems(label: DomElement | undefined): string[] {
  const table = label ? ancestor(label, "table") : null;
  if (!table) return [];
  const items: string[] = [];
  for (const row of findAll(table, (element) => element.name === "tr")) {
    const item = /^\d+\)\s*(.*)$/.exec(clean(textOf(row)))?.[1];
    if (item !== undefined && !EMPTY.test(item)) items.push(item);
  }
  return items;
}

/**
 * The originating court block's first line: `<b>District: </b>0101-1 : <a href="https://ecf.mad...">1:09-cv-11783-RWZ</a>`
 * (the lower court's office code, then its case number, linked to its docket where the court has CM/ECF).
 */
function originOf(label: DomElement | undefined): AppellateHeader["origin"] {
  const table = label ? ancestor(label, "table") : null;
  if (!table || !label) return null;
  for (const bold of findAll(table, (element) => element.name === "b" || element.name === "strong")) {
    if (bold === label) continue;
    const cell = ancestor(bold, "td");
    const line = valueAfter(bold);
    const parts = /^(\S+)\s+:\s+(.+)$/.exec(line);
    if (!parts) continue;
    const link = cell ? childElements(cell, "a")[0] : undefined;
    const linked = link ? clean(textOf(link)) : "";
    return { designation: parts[1]!, caseNumber: linked || parts[2]!, href: link?.attribs.href };
  }
  return null;
}

function splitPanel(label: DomElement | undefined): string[] {
  if (!label) return [];
  const parts: string[] = [];
  for (let node = label.next; node; node = node.next) {
    if (isElement(node) && (node.name === "br" || node.name === "b" || node.name === "strong")) break;
    parts.push(textOf(node));
  }
  return parts
    .join("")
    .split(/(?:\s*\u00a0\s*){2,}|\s{3,}/)
    .map(clean)
    .filter((name) => name !== "" && !EMPTY.test(name));
}

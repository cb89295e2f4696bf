// Everything a CM/ECF docket report (DktRpt.pl: district, bankruptcy, CIT, JPML) says, read in one pass
// over the page: the heading, the header labels, the parties with their attorneys and criminal counts,
// and every docket entry. read-docket-report.ts maps it onto SourceCase; what SourceCase has no field
// for (referral, bankruptcy dates, jurisdiction, demand, counts, the docket number's parts) stays here.
import type { PageRefusal } from "@/lib/sources/types";
import { cleanJudgeName } from "./clean-case-name";
import { courtFromHost } from "./doc-id";
import { type Document, type Element, elementsByTag, parseHtml } from "./docket-dom";
import { type DocketEntryRow, type EntriesLayout, holdsEntries, readEntriesTable } from "./docket-entries";
import { firstValue, isPartiesTable, readDocketHeader } from "./docket-header";
import { type DocketParty, readParties } from "./docket-parties";
import { detectRefusal } from "./detect-refusal";
import { type CmEcfNumber, splitCmEcfNumber } from "./split-cmecf-number";
import { scanTables } from "./scan-tables";
import { usDateToIso } from "./us-date";

export interface DocketReportDetails {
  /** Court code named by the page's ecf.<court>.uscourts.gov links and forms (the most named), or null. */
  courtCode: string | null;
  /** The heading's lines above the number, e.g. ["U.S. District Court", "California Northern District (San Francisco)"]. */
  courtLines: string[];
  /** "CIVIL DOCKET", "CRIMINAL DOCKET", "CIT DOCKET", "Bankruptcy Petition", "Adversary Proceeding"... */
  recordKind: string;
  docketNumber: string;
  docketNumberParts: CmEcfNumber | null;
  /** District and special courts: the case name as printed in the header ("Case title:" on criminal dockets). */
  caption: string | null;
  assignedTo: string | null;
  referredTo: string | null;
  /** CIT three-judge panels. */
  panel: string[];
  dateFiled: string | null;
  dateTerminated: string | null;
  dateReopened: string | null;
  dateConverted: string | null;
  dateDischarged: string | null;
  dateDismissed: string | null;
  cause: string | null;
  natureOfSuit: string | null;
  juryDemand: string | null;
  jurisdiction: string | null;
  demand: string | null;
  mdlStatus: string | null;
  /** Bankruptcy: the chapter, the previous one after a conversion, and the lead case of an adversary proceeding. */
  chapter: string | null;
  previousChapter: string | null;
  leadCase: string | null;
  leadCaseTitle: string | null;
  magistrateCaseNumber: string | null;
  /** Every header label with its values, for what has no field above. */
  labels: Record<string, string[]>;
  parties: DocketParty[];
  entries: DocketEntryRow[];
}

/** The court the page names most: its own host outnumbers a link to another court's record. */
function courtCodeOf(html: string): string | null {
  const counts = new Map<string, number>();
  for (const match of html.matchAll(/\becf\.[a-z0-9]+\.uscourts\.gov\b/gi)) {
    const code = courtFromHost(match[0]);
    if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [code, count] of counts) if (best === null || count > counts.get(best)!) best = code;
  return best;
}

/** Bankruptcy adversary proceedings list their natures of suit as code / description pairs. */
function naturesOfSuit(values: string[] | undefined): string | null {
  if (!values || values.length === 0) return null;
  const pairs: string[] = [];
  for (let i = 0; i < values.length; i++) {
    const code = values[i]!;
    const description = values[i + 1];
    if (/^[0-9A-Z]{1,3}$/.test(code) && description && !/^[0-9A-Z]{1,3}$/.test(description)) {
      pairs.push(`${code} ${description}`);
      i += 1;
    } else if (!/^[0-9A-Z]{1,3}$/.test(code) && pairs.length === 0) return values[0]!;
  }
  return pairs.length > 0 ? pairs.join("; ") : null;
}

/**
 * Where the first entries table opens: the <table> before the first "Docket Text" heading cell. The page
 * before it (heading, header, parties) is small and read as a DOM; the entries from there on are scanned.
 */
function entriesStart(html: string): number {
  // The heading cell may be left unclosed (the next cell or row closes it, as for any cell).
  const heading = /<t[dh]\b[^>]*>(?:\s|&nbsp;|&#0*160;|<[^>]*>)*Docket(?:\s|&nbsp;|&#0*160;)+Text(?:\s|&nbsp;|&#0*160;|<(?!\/?t[dhr]\b|\/?table\b)[^>]*>)*<\/?t(?:[dhr]|able)\b/i.exec(html);
  if (!heading) return html.length;
  const window = Math.max(0, heading.index - 20_000);
  let start = -1;
  for (const match of html.slice(window, heading.index).matchAll(/<table\b/gi)) start = window + match.index;
  return start >= 0 ? start : heading.index;
}

/**
 * The parties tables of the page before the entries. A table that holds another parties table is a layout
 * table around it (a page wrapped in a table, whose first cell also holds the menu's underlined access keys),
 * not one: the innermost ones are read.
 */
function partyTablesOf(document: Document): Element[] {
  const candidates = elementsByTag(document, new Set(["table"])).filter(isPartiesTable);
  const holders = new Set<Element>();
  for (const table of candidates) {
    for (let parent = table.parent; parent; parent = parent.parent) if (parent.type === "tag") holders.add(parent as Element);
  }
  return candidates.filter((table) => !holders.has(table));
}

/** Every entry of every entries table from `start` on, in page order; relative links made absolute. */
function entriesFrom(html: string, start: number, courtCode: string | null): DocketEntryRow[] {
  const entries: DocketEntryRow[] = [];
  let layout: EntriesLayout | null = null;
  for (const rows of scanTables(html, start)) {
    if (!holdsEntries(rows, layout !== null)) continue;
    const read = readEntriesTable(rows, layout);
    layout = read.layout;
    for (const entry of read.entries) entries.push(entry);
  }
  if (courtCode) {
    for (const entry of entries) {
      if (entry.documentUrl?.startsWith("/")) entry.documentUrl = `https://ecf.${courtCode}.uscourts.gov${entry.documentUrl}`;
    }
  }
  return entries;
}

export function readDocketReportDetails(html: string): DocketReportDetails | PageRefusal {
  const refusal = detectRefusal(html);
  if (refusal) return refusal;
  const split = entriesStart(html);
  const document = parseHtml(html.slice(0, split));
  const header = readDocketHeader(document);
  if (!header) return { kind: "refused", reason: "not_a_docket", message: "no docket report heading (case number) on the page" };
  const { parties, labels: partyLabels } = readParties(partyTablesOf(document));
  const courtCode = courtCodeOf(html);
  const entries = entriesFrom(html, split, courtCode);
  const labels = header.labels;
  const value = (...names: string[]) => firstValue(labels, ...names);
  const date = (...names: string[]) => usDateToIso(value(...names));
  const judge = (name: string) => {
    const printed = value(name) ?? partyLabels.get(name) ?? null;
    return printed ? cleanJudgeName(printed) : null;
  };
  const chapter = header.lines.map((line) => /^Chapter\s+(\d+)$/i.exec(line)?.[1]).find(Boolean) ?? value("lead bk chapter");
  const previous = header.lines.map((line) => /^Previous chapter\s+(\d+)$/i.exec(line)?.[1]).find(Boolean) ?? null;
  const panel = labels.get("panel") ?? [];
  return {
    courtCode,
    courtLines: header.heading.courtLines,
    recordKind: header.heading.recordKind,
    docketNumber: header.heading.docketNumber,
    docketNumberParts: splitCmEcfNumber(header.heading.docketNumber),
    caption: header.caption,
    assignedTo: judge("assigned to") ?? (panel[0] ? cleanJudgeName(panel[0]) : null),
    referredTo: judge("referred to"),
    panel: panel.map(cleanJudgeName),
    dateFiled: date("date filed"),
    dateTerminated: date("date terminated"),
    dateReopened: date("date reopened"),
    dateConverted: date("date converted"),
    dateDischarged: date("date discharged", "debtor discharged", "joint debtor discharged"),
    dateDismissed: date("date dismissed", "debtor dismissed", "joint debtor dismissed"),
    cause: value("cause"),
    natureOfSuit: value("nature of suit") ?? naturesOfSuit(labels.get("nature[s] of suit")),
    juryDemand: value("jury demand"),
    jurisdiction: value("jurisdiction"),
    demand: value("demand"),
    mdlStatus: value("mdl status"),
    chapter: chapter ?? null,
    previousChapter: previous,
    leadCase: value("lead bk case", "lead case"),
    leadCaseTitle: value("lead bk title"),
    magistrateCaseNumber: value("magistrate judge case number"),
    labels: Object.fromEntries(labels),
    parties,
    entries,
  };
}

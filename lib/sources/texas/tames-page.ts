// What a TAMES case page (search.txcourts.gov/Case.aspx) shows, as plain data: the labelled fields of its
// panels ("Case:", "Date Filed:", "Style:", "Transfer From:", the Court of Appeals and Trial Court panels) and
// its grids (Appellate Briefs, Case Events, Parties), each row by its column headings, with the documents a
// row links. The page is ASP.NET with Telerik grids; cheerio parses it, the rules of what means what are in
// read-tames-case.ts and tames-events.ts.
import { load, type Cheerio, type CheerioAPI } from "cheerio";
import type { AnyNode, Element } from "domhandler";

export const TAMES_ORIGIN = "https://search.txcourts.gov/";

export interface TamesDocument {
  description: string;
  url: string;
  mediaId: string | null;
}

/** One grid row: its cells by lowercased heading ("date", "event type", "disposition", "remarks", ...). */
export interface TamesRow {
  cells: Map<string, string>;
  /** Cells as lines (a party's representatives are one per line). */
  lines: Map<string, string[]>;
  documents: TamesDocument[];
}

export interface TamesPage {
  /** The labelled fields of the whole page, by lowercased label without its colon. */
  fields: Map<string, string>;
  /** The trial court panel's fields ("court", "county", "court judge", "court case", ...). */
  trialCourt: Map<string, string>;
  /** Case numbers the Court of Appeals panel links ("COA Case"). */
  coaCases: string[];
  /** Each grid's rows; null when the page has no such grid (another layout), [] when it lists nothing. */
  briefs: TamesRow[] | null;
  events: TamesRow[] | null;
  parties: TamesRow[] | null;
  /** The court the page belongs to, from its own links (`coa=coa01`, `coscca`, `cossup`). */
  courtParameter: string | null;
  /** The page's heading number ("Case: 01-25-00011-CV"). */
  heading: string | null;
  /** Whether the page is a TAMES case page at all (its case panel is there). */
  isCasePage: boolean;
  /**
   * Whether the page came whole: it ends with its closing `</html>`, as every TAMES page does. A body cut short
   * (a connection dropped after HTTP 200) still parses, its open tables closed for it, into fewer events and
   * no parties; nothing else in the page tells it from the whole one.
   */
  whole: boolean;
  title: string;
  bodyText: string;
}

const squash = (text: string): string => text.replace(/[\s\u00a0]+/g, " ").trim();

function lineTexts($: CheerioAPI, cell: Cheerio<AnyNode>): string[] {
  return (cell.html() ?? "")
    .split(/<br\s*\/?>/i)
    .map((part) => squash(load(`<i>${part}</i>`)("i").text()))
    .filter((line) => line !== "");
}

/** Labelled fields: a `label.form1` in a span2 cell, its value in the cell beside it. */
function labelled($: CheerioAPI, scope: Cheerio<AnyNode>): Map<string, string> {
  const fields = new Map<string, string>();
  scope.find("label.form1").each((_, label) => {
    const name = squash($(label).text()).replace(/:$/, "").toLowerCase();
    const value = squash($(label).closest("div[class^='span']").next().text());
    if (name && !fields.has(name)) fields.set(name, value);
  });
  return fields;
}

function documents($: CheerioAPI, cell: Cheerio<Element>): TamesDocument[] {
  return cell
    .find("table.docGrid tr")
    .toArray()
    .flatMap((row) => {
      const link = $(row).find("a[href]").first();
      const href = link.attr("href");
      if (!href) return [];
      const url = new URL(href.trim(), TAMES_ORIGIN).toString();
      const description = squash($(row).children("td").last().text());
      return [{ description, url, mediaId: new URL(url).searchParams.get("MediaID") }];
    });
}

/** A Telerik grid (its table id ends with the grid's name) as rows keyed by the grid's headings; null when absent. */
function grid($: CheerioAPI, name: string): TamesRow[] | null {
  const table = $(`table[id$='${name}_ctl00']`).first();
  if (table.length === 0) return null;
  const headings = table
    .children("thead")
    .find("th")
    .toArray()
    .map((th) => squash($(th).text()).toLowerCase());
  return table
    .children("tbody")
    .children("tr")
    .toArray()
    .filter((row) => !$(row).hasClass("rgNoRecords"))
    .map((row) => {
      const tds = $(row).children("td");
      const cells = new Map<string, string>();
      const lines = new Map<string, string[]>();
      let found: TamesDocument[] = [];
      tds.each((index, td) => {
        const heading = headings[index] ?? `column ${index}`;
        if (heading === "document") {
          found = documents($, $(td));
          return;
        }
        cells.set(heading, squash($(td).text()));
        lines.set(heading, lineTexts($, $(td)));
      });
      return { cells, lines, documents: found };
    });
}

export function readTamesPage(html: string): TamesPage {
  const $ = load(html);
  const trialPanel = $("#panelTrialCourtInfo");
  const coaCases = $("[id$='pnlCOA'] a[href*='Case.aspx']")
    .toArray()
    .map((link) => squash($(link).text()))
    .filter(Boolean);
  const hrefs = $("a[href], form[action]")
    .toArray()
    .map((element) => $(element).attr("href") ?? $(element).attr("action") ?? "");
  const courtParameter = hrefs.map((href) => /[?&]coa=([a-z0-9]+)/i.exec(href)?.[1]?.toLowerCase()).find(Boolean) ?? null;
  return {
    fields: labelled($, $("#MainContent").length > 0 ? $("#MainContent") : $.root()),
    trialCourt: trialPanel.length > 0 ? labelled($, trialPanel) : new Map(),
    coaCases,
    briefs: grid($, "grdBriefs"),
    events: grid($, "grdEvents"),
    parties: grid($, "grdParty"),
    courtParameter,
    heading: squash($("#main-content-head").text()).replace(/^case:\s*/i, "") || null,
    isCasePage: $("#case").length > 0 || $("#main-content-head").length > 0,
    whole: /<\/html>\s*$/i.test(html),
    title: squash($("title").first().text()),
    bodyText: squash($("body").text()).slice(0, 4000),
  };
}

// `mobile_query.pl?search=caseInfo&caseid=N` (court-systems.md §1.2): CM/ECF's mobile case page. Its
// "Docket Entries" link carries a count bubble with the number of entries on the docket (unnumbered
// minute entries included), normally free, so the fetcher can tell whether a docket changed before paying
// for it. When the court did charge, the page says "Cost: x" (dollars). The page also repeats the case
// number, filing date and title, which lets the caller check the count belongs to the case it asked for.
// Dates are returned as ISO `YYYY-MM-DD`.
import { DomUtils, parseDocument } from "htmlparser2";
import type { AnyNode, Element } from "domhandler";
import type { PageRefusal } from "@/lib/sources/types";
import { refuseQueryPage } from "./refuse-query-page";
import { usDateToIso } from "./us-date";

export interface MobileQuery {
  kind: "mobile_query";
  /** Docket entries the case has, as the count bubble says. */
  entryCount: number;
  /** Dollars charged for the page, only when the page says "Cost:" with an amount. */
  cost?: number;
  /** The case number as the page writes it ("1:16-cv-00745-ESH"), when it shows one. */
  caseNumber: string | null;
  caseName: string | null;
  dateFiled: string | null;
  /** PACER's internal case id, from the page's own links. */
  pacerCaseId: string | null;
}

const squash = (text: string) => text.replace(/\u00a0/g, " ").replace(/\s+/g, " ").trim();
const classes = (element: Element) => (element.attribs.class ?? "").split(/\s+/);

/** Text a reader sees: scripts and styles left out. */
function visibleText(nodes: AnyNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === "text") return node.data;
      if (node.type !== "tag" || node.name === "script" || node.name === "style") return " ";
      return ` ${visibleText(node.children)} `;
    })
    .join("");
}

/** The count bubble of the docket-entries link: the `ui-li-count` inside the link to `search=dktEntry`. */
function entryCountOf(links: Element[]): number | null {
  const entriesLink =
    links.find((a) => /[?&]search=dktEntry\b/i.test(a.attribs.href ?? "")) ??
    links.find((a) => /docket\s+entries/i.test(DomUtils.textContent(a)));
  if (!entriesLink) return null;
  const bubble = DomUtils.findOne((e) => classes(e).includes("ui-li-count"), entriesLink.children, true);
  const text = squash(DomUtils.textContent(bubble ?? entriesLink).replace(/docket\s+entries/i, ""));
  const match = /^(\d[\d,]*)$/.exec(text);
  return match ? Number(match[1]!.replace(/,/g, "")) : null;
}

/** The case heading: a grid with the number and "Filed: date", then a div with the title. */
function headingOf(root: AnyNode[]): { caseNumber: string | null; caseName: string | null; dateFiled: string | null } {
  const grid = DomUtils.findOne((e) => classes(e).includes("ui-grid-a"), root, true);
  if (!grid) return { caseNumber: null, caseName: null, dateFiled: null };
  const cell = (name: string) => DomUtils.findOne((e) => classes(e).includes(name), grid.children, true);
  const numberText = squash(DomUtils.textContent(cell("ui-block-a") ?? []));
  const filedText = squash(DomUtils.textContent(cell("ui-block-b") ?? []));
  const titleElement = DomUtils.nextElementSibling(grid);
  const caseName = titleElement ? squash(DomUtils.textContent(titleElement)) : "";
  return {
    caseNumber: numberText || null,
    caseName: caseName || null,
    dateFiled: usDateToIso(/filed:\s*(\S+)/i.exec(filedText)?.[1]),
  };
}

export function readMobileQuery(html: string): MobileQuery | PageRefusal {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  const links = DomUtils.findAll((e) => e.name === "a", document.children);
  const entryCount = entryCountOf(links);
  if (entryCount === null) return refuseQueryPage(html, "docket entry count");

  const visible = squash(visibleText(document.children));
  const cost = /\bcost:\s*\$?\s*(\d+(?:\.\d+)?)/i.exec(visible);
  const caseIdLink = links.map((a) => /[?&]caseid=(\d+)/i.exec(a.attribs.href ?? "")).find(Boolean);
  return {
    kind: "mobile_query",
    entryCount,
    ...(cost ? { cost: Number(cost[1]) } : {}),
    ...headingOf(document.children),
    pacerCaseId: caseIdLink ? caseIdLink[1]! : null,
  };
}

// The status page for people, as one HTML string: the same data as GET /v2/status (lib/status/get-status.ts).
// Not a React page: React inlines everything it renders a second time as its RSC payload, which for ~2,150
// courts doubled the page to ~5 MB and made each request render and compress all of it. Written here, the
// page is rendered once per state and filters (lib/status/serve-status-page.ts). Filtering works as a plain
// GET form without JavaScript; with it, rows filter as you type (lib/status/filter-script.ts). Everything
// interpolated goes through escapeHtml.
import type { Court, StatusResponse } from "@/contract";
import { LEVEL_NAMES, REGION_NAMES } from "@/lib/courts/regions";
import type { CourtLevel } from "@/lib/courts/types";
import { SITE_CSS_HREF } from "@/lib/site/site-css";
import { NAV_LINKS, SITE_DESCRIPTION, SITE_NAME } from "@/lib/site/site-nav";
import { BUDGET_EFFECT } from "@/lib/sources/pacer/fee-budget-notice";
import { OUTAGE_EFFECT, type CourtNotices } from "./court-notices";
import { FILTER_SCRIPT } from "./filter-script";
import { escapeHtml as e, renderCourtRows } from "./render-court-rows";
import { countCoverage, countPlaces, filterCourts, type RegistryFilters } from "./summarize-registry";

const STATUS_TEXT = {
  nominal: "All systems normal",
  degraded: "Degraded: some courts are affected",
  maintenance: "Scheduled maintenance in progress",
  incident: "Incident under investigation",
} as const;

type Options = readonly (readonly [string, string])[];
const COUNTRY_OPTIONS: Options = [["US", "United States"], ["CA", "Canada"]];
const COVERAGE_OPTIONS: Options = [["full", "Full"], ["partial", "Partial"], ["planned", "Planned"]];
const LANGUAGE_OPTIONS: Options = [["en", "English"], ["fr", "French"], ["bilingual", "Bilingual"]];

export interface StatusPageInput {
  status: Pick<StatusResponse, "api_version" | "operational_status"> & { courts: readonly Court[] };
  /** What affects courts now: named under the operational status (each court's notes say it too). */
  notices?: CourtNotices;
  filters: RegistryFilters;
  /** When the page was made (shown to the minute). */
  now: Date;
}

/** One of the filter form's selects: "All" (empty) first, then the given values, the current one selected. */
function filterSelect(name: string, label: string, value: string, options: Options): string {
  const option = ([optionValue, text]: readonly [string, string]) =>
    `<option value="${e(optionValue)}"${optionValue === value ? " selected" : ""}>${e(text)}</option>`;
  return (
    `<div><label for="${name}">${e(label)}</label><select id="${name}" name="${name}">` +
    `<option value=""${value === "" ? " selected" : ""}>All</option>${options.map(option).join("")}</select></div>`
  );
}

/** Courts named one by one under the status; beyond this, the number and where to look. */
const OUTAGES_NAMED = 12;
const minute = (at: Date) => `${at.toISOString().replace("T", " ").slice(0, 16)} UTC`;

/** Which courts the notices affect, and how, in a few lines: empty when nothing is noticed. */
function renderNotices(notices: CourtNotices | undefined, courts: readonly Court[]): string {
  if (!notices || notices.sandbox) return "";
  const lines: string[] = [];
  if (notices.unreadable) {
    lines.push(`<p data-testid="status-unreadable">The service cannot read its own database right now: queries may fail (nothing is charged) until it is back.</p>`);
  }
  if (notices.outages.size > 0) {
    const names = new Map(courts.map((court) => [court.court_code, court.name]));
    const outages = [...notices.outages].sort(([a], [b]) => a.localeCompare(b));
    const named = outages
      .slice(0, OUTAGES_NAMED)
      // To the court's own row of the whole list: a search by its code would also show every court whose name
      // holds those letters (`cit` matched 86 "Circuit" courts).
      .map(([code, since]) => `<a href="/#court-${encodeURIComponent(code)}"><code>${e(code)}</code></a> (${e(names.get(code) ?? code)}, since ${minute(since)})`)
      .join(", ");
    const more = outages.length > OUTAGES_NAMED ? ` and ${outages.length - OUTAGES_NAMED} more (their notes say so)` : "";
    lines.push(
      `<p data-testid="court-outages">Sources not answering: ${named}${more}. For these courts, ${e(OUTAGE_EFFECT)}</p>`,
    );
  }
  if (notices.feeBudget) {
    lines.push(
      `<p data-testid="fee-budget">PACER fee budget (${notices.feeBudget.scope}) reached until ${minute(notices.feeBudget.resetsAt)}: ` +
        `for the federal courts PACER serves, ${e(BUDGET_EFFECT)}</p>`,
    );
  }
  return lines.join("");
}

function siteFrame(title: string, main: string): string {
  const nav = NAV_LINKS.map((link) => `<a href="${e(link.href)}">${e(link.text)}</a>`).join("");
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${e(title)} · ${e(SITE_NAME)}</title><meta name="description" content="${e(SITE_DESCRIPTION)}">` +
    `<link rel="icon" href="/icon.svg" type="image/svg+xml"><link rel="stylesheet" href="${e(SITE_CSS_HREF)}"></head>` +
    `<body><a class="skip" href="#main">Skip to content</a>` +
    `<header class="site"><a href="/" class="brand">${e(SITE_NAME)}</a><nav aria-label="Main">${nav}</nav></header>` +
    `<main id="main">${main}</main></body></html>`
  );
}

export function renderStatusPage({ status, notices, filters, now }: StatusPageInput): string {
  const { courts } = status;
  const counts = countCoverage(courts);
  const shown = new Set(filterCourts(courts, filters).map((court) => court.court_code));
  // The state/province and level options, each with its number of courts.
  const places = countPlaces(courts);
  const regionOptions = [...places.regions]
    .map(([code, total]) => [code, `${REGION_NAMES[code] ?? code} (${total})`] as const)
    .sort((a, b) => a[1].localeCompare(b[1]));
  const levelOptions = (Object.keys(LEVEL_NAMES) as CourtLevel[])
    .filter((level) => places.levels.has(level))
    .map((level) => [level, `${LEVEL_NAMES[level]} (${places.levels.get(level)})`] as const);
  const state = status.operational_status;

  const countRows = (["full", "partial", "planned"] as const)
    .map(
      (level) =>
        `<tr data-testid="count-${level}"><th scope="row">${level}</th><td data-country="US">${counts[level].US}</td>` +
        `<td data-country="CA">${counts[level].CA}</td><td data-country="all">${counts[level].all}</td></tr>`,
    )
    .join("");
  const headers = ["Code", "Court", "Country", "Language", "Coverage"].map((name) => `<th scope="col" role="columnheader">${name}</th>`).join("");

  const main =
    `<h1>Court docket monitoring API: status</h1>` +
    `<section aria-labelledby="status-heading" class="status status-${state}"><h2 id="status-heading">Operational status</h2>` +
    `<p><strong data-testid="operational-status">${state}</strong>: ${e(STATUS_TEXT[state])}</p>` +
    renderNotices(notices, courts) +
    `<p class="muted">API version ${e(status.api_version)} · checked ${minute(now)} · ` +
    `<a href="/v2/status">GET /v2/status</a> · <a href="/docs/quickstart">Quick start</a> · <a href="/docs/changelog">Changelog</a></p></section>` +
    `<section aria-labelledby="coverage-heading"><h2 id="coverage-heading">Coverage summary</h2>` +
    `<table class="counts"><caption>Courts by coverage and country</caption><thead><tr><th scope="col">Coverage</th>` +
    `<th scope="col">United States</th><th scope="col">Canada</th><th scope="col">All</th></tr></thead><tbody>${countRows}</tbody></table>` +
    `<p class="muted"><strong>full</strong>: the court&#39;s system is read in full; <strong>partial</strong>: reachable with known gaps ` +
    `(see the court&#39;s notes); <strong>planned</strong>: registered, access pending: queries answer 422.</p></section>` +
    `<section aria-labelledby="courts-heading"><h2 id="courts-heading">Courts</h2>` +
    `<form method="get" action="/" class="filters" id="court-filters">` +
    `<div><label for="q">Search by name or code</label><input id="q" name="q" type="search" value="${e(filters.q)}"` +
    ` placeholder="e.g. nysd, Ninth Circuit, Québec" autocomplete="off"></div>` +
    filterSelect("country", "Country", filters.country, COUNTRY_OPTIONS) +
    filterSelect("region", "State or province", filters.region, regionOptions) +
    filterSelect("level", "Level", filters.level, levelOptions) +
    filterSelect("coverage", "Coverage", filters.coverage, COVERAGE_OPTIONS) +
    filterSelect("language", "Language", filters.language, LANGUAGE_OPTIONS) +
    `<div class="filter-actions"><button type="submit">Filter</button><a href="/">Clear</a></div></form>` +
    `<p id="court-count" aria-live="polite" data-total="${courts.length}">Showing ${shown.size} of ${courts.length} courts</p>` +
    `<table class="courts" id="courts" role="table"><caption class="visually-hidden">Courts, with their codes, coverage and case id formats</caption>` +
    `<thead role="rowgroup"><tr role="row">${headers}</tr></thead>` +
    `<tbody role="rowgroup">${renderCourtRows(courts, shown)}</tbody></table></section>` +
    `<script>${FILTER_SCRIPT}</script>`;
  return siteFrame("Status and court coverage", main);
}

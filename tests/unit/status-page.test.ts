// The status page's server side: reading the GET form's filters, filtering and counting the registry,
// the court rows' HTML (escaped: court data never becomes markup), the whole page, and its answer (stored
// per state and filters, ETag and 304).
import { describe, expect, it } from "vitest";
import type { Court } from "@/contract";
import { COURTS, toPublicCourt } from "@/lib/courts/registry";
import { SITE_CSS_HREF } from "@/lib/site/site-css";
import { NAV_LINKS } from "@/lib/site/site-nav";
import { describeCadence, escapeHtml, renderCourtRows } from "@/lib/status/render-court-rows";
import { renderStatusPage } from "@/lib/status/render-status-page";
import { serveStatusPage } from "@/lib/status/serve-status-page";
import { countCoverage, countPlaces, filterCourts, readFilters } from "@/lib/status/summarize-registry";

const courts = COURTS.map(toPublicCourt);
const court = (code: string) => courts.find((candidate) => candidate.court_code === code)!;
const NO_FILTERS = { q: "", country: "", region: "", level: "", coverage: "", language: "" } as const;

describe("readFilters", () => {
  it("keeps known values, drops unknown ones, takes the first of repeated parameters", () => {
    expect(readFilters({ q: ["  nysd ", "x"], country: "CA", region: "QC", level: "iac", coverage: "planned", language: "fr" })).toEqual({
      q: "nysd",
      country: "CA",
      region: "QC",
      level: "iac",
      coverage: "planned",
      language: "fr",
    });
    expect(readFilters({ country: "MX", region: "ZZ", level: "top", coverage: "FULL", language: "<script>" })).toEqual(NO_FILTERS);
    expect(readFilters({ q: "a".repeat(500) }).q).toHaveLength(100);
  });
});

describe("filterCourts and countCoverage", () => {
  it("matches every word of the search, case- and accent-insensitively, by name or code", () => {
    expect(filterCourts(courts, { ...NO_FILTERS, q: "COUR superieure" }).map((c) => c.court_code)).toEqual(["qccs"]);
    expect(filterCourts(courts, { ...NO_FILTERS, q: "nysd" }).map((c) => c.court_code)).toContain("nysd");
    expect(filterCourts(courts, { ...NO_FILTERS, q: "new york southern" }).map((c) => c.court_code)).toEqual(expect.arrayContaining(["nysd"]));
    expect(filterCourts(courts, { ...NO_FILTERS, q: "zzzz" })).toEqual([]);
  });

  it("combines country, coverage and language", () => {
    const planned = filterCourts(courts, { ...NO_FILTERS, country: "CA", coverage: "planned" });
    expect(planned.length).toBeGreaterThan(0);
    for (const c of planned) expect([c.jurisdiction_country, c.coverage]).toEqual(["CA", "planned"]);
    for (const c of filterCourts(courts, { ...NO_FILTERS, language: "bilingual" })) expect(c.language).toBe("bilingual");
    expect(filterCourts(courts, NO_FILTERS)).toHaveLength(courts.length);
  });

  it("filters by state or province and by level, and counts the courts of each", () => {
    const texasAppellate = filterCourts(courts, { ...NO_FILTERS, region: "TX", level: "iac" }).map((c) => c.court_code);
    expect(texasAppellate).toEqual(expect.arrayContaining(["texapp1", "texapp15"]));
    expect(texasAppellate).not.toContain("txsupct");
    expect(filterCourts(courts, { ...NO_FILTERS, region: "QC" }).map((c) => c.court_code).sort()).toEqual(["qcca", "qccq", "qccs"]);
    const lastResort = filterCourts(courts, { ...NO_FILTERS, level: "colr", country: "US" }).map((c) => c.court_code);
    expect(lastResort).toEqual(expect.arrayContaining(["scotus", "txsupct", "fla", "pasupct"]));
    const { regions, levels } = countPlaces(courts);
    expect(regions.get("QC")).toBe(3);
    expect([...levels.values()].reduce((sum, n) => sum + n, 0)).toBe(courts.length);
  });

  it("counts every court once by coverage and country", () => {
    const counts = countCoverage(courts);
    expect(counts.full.all + counts.partial.all + counts.planned.all).toBe(courts.length);
    for (const level of ["full", "partial", "planned"] as const) expect(counts[level].US + counts[level].CA).toBe(counts[level].all);
    expect(counts.full.CA).toBe(courts.filter((c) => c.coverage === "full" && c.jurisdiction_country === "CA").length);
  });
});

describe("renderCourtRows", () => {
  it("renders one row per court with its details, hiding the ones the filters exclude", () => {
    const html = renderCourtRows([court("nysd"), court("qccs")], new Set(["qccs"]));
    expect(html.match(/<tr /g)).toHaveLength(2);
    expect(html).toMatch(/<tr role="row" id="court-nysd"[^>]* hidden>/);
    expect(html).toMatch(/<tr role="row" id="court-qccs"[^>]*data-language="fr">/);
    expect(html).toContain("<summary>Cour supérieure du Québec</summary>");
    expect(html).toContain(`<code>${court("qccs").case_id_format.example}</code>`);
    expect(html).toContain("<dd>every 15 min</dd>");
    expect(html).toContain("<dd>not refreshed yet (planned)</dd>");
  });

  it("escapes every court field, so a court's data can never become markup", () => {
    const hostile: Court = {
      ...court("nysd"),
      court_code: 'x"><script>',
      name: "<img src=x onerror=alert(1)> & 'co'",
      notes: "</dd></dl><script>alert(1)</script>",
      case_id_format: { pattern: "^[0-9]{2}<b>$", example: '"quoted"' },
    };
    const html = renderCourtRows([hostile], new Set());
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; &#39;co&#39;");
    expect(html).toContain('id="court-x&quot;&gt;&lt;script&gt;"');
    expect(escapeHtml(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#39;");
  });

  it("describes refresh cadences in hours or minutes", () => {
    expect(describeCadence({ ...court("nysd"), refresh_cadence_seconds: 900 })).toBe("every 15 min");
    expect(describeCadence({ ...court("nysd"), refresh_cadence_seconds: 7200 })).toBe("every 2 h");
    expect(describeCadence({ ...court("nysd"), refresh_cadence_seconds: null })).toBe("not refreshed yet (planned)");
  });
});

describe("renderStatusPage", () => {
  const status = { api_version: "2.1.0", operational_status: "degraded" as const, courts };
  const at = new Date("2026-11-24T10:05:30Z");

  it("is a whole document: the site's header and stylesheet, the status, counts, the form as filtered, every row", () => {
    const html = renderStatusPage({ status, filters: { ...NO_FILTERS, country: "CA", coverage: "planned" }, now: at });
    expect(html.startsWith("<!DOCTYPE html><html lang=\"en\">")).toBe(true);
    expect(html).toContain(`<link rel="stylesheet" href="${SITE_CSS_HREF}">`);
    for (const link of NAV_LINKS) expect(html).toContain(`<a href="${link.href}">${link.text}</a>`);
    expect(html).toContain('<strong data-testid="operational-status">degraded</strong>');
    expect(html).toContain("checked 2026-11-24 10:05 UTC");
    const counts = countCoverage(courts);
    expect(html).toContain(`<tr data-testid="count-planned"><th scope="row">planned</th><td data-country="US">${counts.planned.US}</td>`);
    expect(html).toContain('<option value="CA" selected>Canada</option>');
    expect(html).toContain('<option value="planned" selected>Planned</option>');
    expect(html).toContain('<select id="language" name="language"><option value="" selected>All</option>');
    const shown = filterCourts(courts, { ...NO_FILTERS, country: "CA", coverage: "planned" }).length;
    expect(html).toContain(`Showing ${shown} of ${courts.length} courts`);
    expect(html.match(/<tr role="row" id="court-/g)).toHaveLength(courts.length);
    expect(html.match(/<tr role="row" id="court-[^>]* hidden>/g)).toHaveLength(courts.length - shown);
    expect(html).toContain('<script>(() => {\n  const form = document.getElementById("court-filters");');
  });

  it("names the courts whose sources are not answering (a dozen, then how many more) and a spent PACER fee budget", () => {
    const codes = courts.filter((court) => court.coverage !== "planned").slice(0, 14).map((court) => court.court_code);
    const since = new Date("2026-11-24T09:40:12Z");
    const notices = {
      sandbox: false,
      unreadable: false,
      outages: new Map(codes.map((code) => [code, since])),
      feeBudget: { scope: "daily" as const, resetsAt: new Date("2026-11-25T00:00:00Z") },
    };
    const html = renderStatusPage({ status, notices, filters: NO_FILTERS, now: at });
    const first = [...codes].sort()[0];
    // Each links to its own row of the whole list (a search by code also showed every court whose name holds it).
    expect(html).toContain(`Sources not answering: <a href="/#court-${first}"><code>${first}</code></a> (${escapeHtml(courts.find((court) => court.court_code === first)!.name)}, since 2026-11-24 09:40 UTC)`);
    expect(html.match(/<a href="\/#court-[^"]+"><code>/g)).toHaveLength(12);
    for (const [, code] of html.matchAll(/<a href="\/#court-([^"]+)"><code>/g)) expect(html).toContain(`<tr role="row" id="court-${code}" `);
    expect(html).toContain(" and 2 more (their notes say so). For these courts, cases not cached yet answer 503 source_unavailable; cached cases are served as last refreshed.");
    expect(html).toContain('<p data-testid="fee-budget">PACER fee budget (daily) reached until 2026-11-25 00:00 UTC:');
    const quiet = renderStatusPage({ status, notices: { ...notices, outages: new Map(), feeBudget: null }, filters: NO_FILTERS, now: at });
    expect(quiet).not.toMatch(/court-outages|fee-budget|status-unreadable/);
    const unreadable = renderStatusPage({ status, notices: { ...notices, outages: new Map(), feeBudget: null, unreadable: true }, filters: NO_FILTERS, now: at });
    expect(unreadable).toContain('<p data-testid="status-unreadable">The service cannot read its own database right now');
  });

  it("escapes the search as typed", () => {
    const html = renderStatusPage({ status, filters: { ...NO_FILTERS, q: '"><script>alert(1)</script>' }, now: at });
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html.match(/<script>/g)).toHaveLength(1); // the filter script only
  });
});

describe("serveStatusPage", () => {
  const request = (query = "", headers: Record<string, string> = {}) => new Request(`http://localhost/${query}`, { headers });
  const at = (iso: string) => () => new Date(iso);

  it("answers the page as HTML with an ETag, a 304 for it while nothing changes, a new one each minute", async () => {
    const first = await serveStatusPage(request("?country=CA&country=US&region=ZZ"), at("2026-11-24T10:05:01Z"));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[0-9a-f]{24}"$/);
    const html = await first.text();
    expect(html).toContain('<option value="CA" selected>Canada</option>'); // the first of repeated parameters
    expect(html).toContain('<select id="region" name="region"><option value="" selected>All</option>'); // unknown: none

    const again = await serveStatusPage(request("?country=CA&country=US&region=ZZ"), at("2026-11-24T10:05:59Z"));
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe(html);
    const revalidated = await serveStatusPage(request("?country=CA&country=US&region=ZZ", { "if-none-match": etag }), at("2026-11-24T10:05:59Z"));
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");

    // `*` matches the current page (RFC 9110 §13.1.2), as on GET /v2/status.
    expect((await serveStatusPage(request("", { "if-none-match": "*" }), at("2026-11-24T10:05:59Z"))).status).toBe(304);
    const otherFilters = await serveStatusPage(request("?country=US", { "if-none-match": etag }), at("2026-11-24T10:05:59Z"));
    expect(otherFilters.status).toBe(200);
    expect(otherFilters.headers.get("etag")).not.toBe(etag);
    const nextMinute = await serveStatusPage(request("?country=CA&country=US&region=ZZ", { "if-none-match": etag }), at("2026-11-24T10:06:00Z"));
    expect(nextMinute.status).toBe(200);
    expect(await nextMinute.text()).toContain("checked 2026-11-24 10:06 UTC");
  });
});

// The site's one stylesheet, served at SITE_CSS_HREF (app/site.css/route.ts) and linked by every page: the
// documentation pages through the root layout, the status page from its own HTML (lib/status/
// render-status-page.ts, which React does not render). Versioned by its content, so browsers and CDNs keep
// it until it changes. System fonts only: no external fonts or scripts.
import { createHash } from "node:crypto";

export const SITE_CSS = `:root { color-scheme: light; --fg: #1a1a1a; --muted: #4a4a4a; --bg: #ffffff; --accent: #0b5cad; --line: #d0d7de; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
a:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 8px; top: 8px; background: #fff; padding: 4px 8px; }
header.site { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: center; padding: 12px 20px; border-bottom: 1px solid var(--line); }
header.site .brand { font-weight: 700; text-decoration: none; color: var(--fg); }
header.site nav { display: flex; flex-wrap: wrap; gap: 16px; }
main { max-width: 920px; margin: 0 auto; padding: 20px; }
pre, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em; }
pre { background: #f6f8fa; padding: 12px; overflow-x: auto; border-radius: 6px; }
table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; }
th, td { border: 1px solid var(--line); padding: 6px 8px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
caption { text-align: left; font-size: 0.92em; color: var(--muted); }
.muted { color: var(--muted); }

/* Status page */
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.status { border-left: 6px solid #1a7f37; padding: 4px 16px; margin: 16px 0; background: #f6f8fa; }
.status-degraded, .status-maintenance { border-left-color: #9a6700; }
.status-incident { border-left-color: #cf222e; }
table.counts { display: table; width: auto; }
table.counts td { text-align: right; min-width: 7em; }
.filters { display: flex; flex-wrap: wrap; gap: 12px 16px; align-items: flex-end; margin: 12px 0; }
.filters label { display: block; font-weight: 600; font-size: 0.9em; margin-bottom: 2px; }
.filters input, .filters select, .filters button { font: inherit; padding: 6px 8px; border: 1px solid #57606a; border-radius: 4px; background: #fff; color: var(--fg); }
.filters input { min-width: 16em; }
/* A court linked to (the outage notice's links: /#court-<code>) stands out in the list. */
table.courts tr:target { outline: 2px solid var(--accent); outline-offset: -2px; }
.filters button { background: var(--accent); color: #fff; border-color: var(--accent); cursor: pointer; }
.filter-actions { display: flex; gap: 12px; align-items: center; }
:is(input, select, button, summary):focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
table.courts { display: table; }
table.courts summary { cursor: pointer; color: var(--accent); }
table.courts dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0; font-size: 0.92em; }
table.courts dt { font-weight: 600; }
table.courts dd { margin: 0; overflow-wrap: anywhere; }
.coverage { padding: 1px 8px; border-radius: 10px; font-size: 0.9em; white-space: nowrap; border: 1px solid currentColor; }
.coverage-full { color: #1a7f37; }
.coverage-partial { color: #9a6700; }
.coverage-planned { color: #57606a; }
@media (max-width: 640px) {
  table.courts thead { display: none; }
  table.courts, table.courts tbody, table.courts tr, table.courts td { display: block; width: 100%; }
  table.courts tr { border: 1px solid var(--line); border-radius: 6px; margin-bottom: 10px; padding: 6px 8px; }
  table.courts tr[hidden] { display: none; }
  table.courts td { border: 0; padding: 2px 0; }
  table.courts td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
  .filters input, .filters select { min-width: 0; width: 100%; max-width: 100%; }
  .filters > div { flex: 1 1 100%; }
  table.counts { width: 100%; font-size: 0.92em; }
  table.counts td { min-width: 0; }
  table.counts th, table.counts td { padding: 4px 6px; overflow-wrap: anywhere; }
}
`;

export const SITE_CSS_VERSION = createHash("sha256").update(SITE_CSS).digest("hex").slice(0, 12);

export const SITE_CSS_HREF = `/site.css?v=${SITE_CSS_VERSION}`;

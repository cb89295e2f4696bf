import type { Metadata } from "next";
import { newRequestId } from "@/lib/meta";
import { getStatus } from "@/lib/status/get-status";
import { countCoverage, filterCourts, readFilters } from "@/lib/status/summarize-registry";
import { CourtTable } from "./court-table";
import { FILTER_SCRIPT } from "./status-filter-script";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Status and court coverage" };

const STATUS_TEXT = {
  nominal: "All systems normal",
  degraded: "Degraded: some courts' systems are not answering",
  maintenance: "Scheduled maintenance in progress",
  incident: "Incident under investigation",
} as const;

// The status page for people: the same data as GET /v2/status (lib/status/get-status.ts), rendered on the
// server. Filtering works as a plain GET form without JavaScript; with it, rows filter as you type.
export default async function StatusPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const filters = readFilters(await searchParams);
  const now = new Date();
  const status = await getStatus({
    meta: { request_id: newRequestId(), queried_at: now.toISOString(), sandbox: false, tag: null },
    baseUrl: "",
  });
  const counts = countCoverage(status.courts);
  const shown = new Set(filterCourts(status.courts, filters).map((court) => court.court_code));

  return (
    <>
      <h1>Court docket monitoring API: status</h1>
      <section aria-labelledby="status-heading" className={`status status-${status.operational_status}`}>
        <h2 id="status-heading">Operational status</h2>
        <p>
          <strong data-testid="operational-status">{status.operational_status}</strong>: {STATUS_TEXT[status.operational_status]}
        </p>
        <p className="muted">
          API version {status.api_version} · checked {now.toISOString().replace("T", " ").slice(0, 16)} UTC ·{" "}
          <a href="/v2/status">GET /v2/status</a> · <a href="/docs/quickstart">Quick start</a> · <a href="/docs/changelog">Changelog</a>
        </p>
      </section>

      <section aria-labelledby="coverage-heading">
        <h2 id="coverage-heading">Coverage summary</h2>
        <table className="counts">
          <caption>Courts by coverage and country</caption>
          <thead>
            <tr>
              <th scope="col">Coverage</th>
              <th scope="col">United States</th>
              <th scope="col">Canada</th>
              <th scope="col">All</th>
            </tr>
          </thead>
          <tbody>
            {(["full", "partial", "planned"] as const).map((level) => (
              <tr key={level} data-testid={`count-${level}`}>
                <th scope="row">{level}</th>
                <td data-country="US">{counts[level].US}</td>
                <td data-country="CA">{counts[level].CA}</td>
                <td data-country="all">{counts[level].all}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">
          <strong>full</strong>: the court&apos;s system is read in full; <strong>partial</strong>: reachable with known gaps (see the
          court&apos;s notes); <strong>planned</strong>: registered, access pending: queries answer 422.
        </p>
      </section>

      <section aria-labelledby="courts-heading">
        <h2 id="courts-heading">Courts</h2>
        <form method="get" action="/" className="filters" id="court-filters">
          <div>
            <label htmlFor="q">Search by name or code</label>
            <input id="q" name="q" type="search" defaultValue={filters.q} placeholder="e.g. nysd, Ninth Circuit, Québec" autoComplete="off" />
          </div>
          <div>
            <label htmlFor="country">Country</label>
            <select id="country" name="country" defaultValue={filters.country}>
              <option value="">All</option>
              <option value="US">United States</option>
              <option value="CA">Canada</option>
            </select>
          </div>
          <div>
            <label htmlFor="coverage">Coverage</label>
            <select id="coverage" name="coverage" defaultValue={filters.coverage}>
              <option value="">All</option>
              <option value="full">Full</option>
              <option value="partial">Partial</option>
              <option value="planned">Planned</option>
            </select>
          </div>
          <div>
            <label htmlFor="language">Language</label>
            <select id="language" name="language" defaultValue={filters.language}>
              <option value="">All</option>
              <option value="en">English</option>
              <option value="fr">French</option>
              <option value="bilingual">Bilingual</option>
            </select>
          </div>
          <div className="filter-actions">
            <button type="submit">Filter</button>
            <a href="/">Clear</a>
          </div>
        </form>
        <p id="court-count" aria-live="polite" data-total={status.courts.length}>
          Showing {shown.size} of {status.courts.length} courts
        </p>
        <CourtTable courts={status.courts} shown={shown} />
      </section>
      <script dangerouslySetInnerHTML={{ __html: FILTER_SCRIPT }} />
    </>
  );
}

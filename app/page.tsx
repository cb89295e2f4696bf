import type { Metadata } from "next";
import { newRequestId } from "@/lib/meta";
import { getStatus } from "@/lib/status/get-status";
import { LEVEL_NAMES, REGION_NAMES } from "@/lib/courts/regions";
import { countCoverage, countPlaces, filterCourts, readFilters } from "@/lib/status/summarize-registry";
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

const COUNTRY_OPTIONS = [["US", "United States"], ["CA", "Canada"]] as const;
const COVERAGE_OPTIONS = [["full", "Full"], ["partial", "Partial"], ["planned", "Planned"]] as const;
const LANGUAGE_OPTIONS = [["en", "English"], ["fr", "French"], ["bilingual", "Bilingual"]] as const;

/** One of the filter form's selects: "All" (empty) first, then the given values. */
function FilterSelect({ name, label, value, options }: { name: string; label: string; value: string; options: readonly (readonly [string, string])[] }) {
  return (
    <div>
      <label htmlFor={name}>{label}</label>
      <select id={name} name={name} defaultValue={value}>
        <option value="">All</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

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
  // The state/province and level options, each with its number of courts.
  const places = countPlaces(status.courts);
  const regionOptions = [...places.regions]
    .map(([code, total]) => [code, `${REGION_NAMES[code] ?? code} (${total})`] as const)
    .sort((a, b) => a[1].localeCompare(b[1]));
  const levelOptions = (Object.keys(LEVEL_NAMES) as (keyof typeof LEVEL_NAMES)[])
    .filter((level) => places.levels.has(level))
    .map((level) => [level, `${LEVEL_NAMES[level]} (${places.levels.get(level)})`] as const);

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
          <FilterSelect name="country" label="Country" value={filters.country} options={COUNTRY_OPTIONS} />
          <FilterSelect name="region" label="State or province" value={filters.region} options={regionOptions} />
          <FilterSelect name="level" label="Level" value={filters.level} options={levelOptions} />
          <FilterSelect name="coverage" label="Coverage" value={filters.coverage} options={COVERAGE_OPTIONS} />
          <FilterSelect name="language" label="Language" value={filters.language} options={LANGUAGE_OPTIONS} />
          <div className="filter-actions">
            <button type="submit">Filter</button>
            <a href="/">Clear</a>
          </div>
        </form>
        {/* Its text is the filter script's to update: given as a string, so React keeps no text nodes inside. */}
        <p
          id="court-count"
          aria-live="polite"
          data-total={status.courts.length}
          dangerouslySetInnerHTML={{ __html: `Showing ${shown.size} of ${status.courts.length} courts` }}
        />
        <CourtTable courts={status.courts} shown={shown} />
      </section>
      <script dangerouslySetInnerHTML={{ __html: FILTER_SCRIPT }} />
    </>
  );
}

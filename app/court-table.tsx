// The status page's court table; its rows come from lib/status/render-court-rows.ts as one string (why:
// see there). Kept apart from the page so the benchmark can render it for a registry of ~2,150 courts.
import type { Court } from "@/contract";
import { renderCourtRows } from "@/lib/status/render-court-rows";

export function CourtTable({ courts, shown }: { courts: readonly Court[]; shown: ReadonlySet<string> }) {
  return (
    <table className="courts" id="courts" role="table">
      <caption className="visually-hidden">Courts, with their codes, coverage and case id formats</caption>
      <thead role="rowgroup">
        <tr role="row">
          {["Code", "Court", "Country", "Language", "Coverage"].map((name) => (
            <th key={name} scope="col" role="columnheader">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" dangerouslySetInnerHTML={{ __html: renderCourtRows(courts, shown) }} />
    </table>
  );
}

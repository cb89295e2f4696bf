// The status page's court table; its rows come from lib/status/render-court-rows.ts as one string (why:
// see there). Kept apart from the page so the benchmark can render it for a registry of ~2,150 courts.
import type { Court } from "@/contract";
import { renderCourtRows } from "@/lib/status/render-court-rows";

export function CourtTable({ courts, shown }: { courts: readonly Court[]; shown: ReadonlySet<string> }) {
  return (
    <table className="courts" id="courts">
      <caption className="visually-hidden">Courts, with their codes, coverage and case id formats</caption>
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Court</th>
          <th scope="col">Country</th>
          <th scope="col">Language</th>
          <th scope="col">Coverage</th>
        </tr>
      </thead>
      <tbody dangerouslySetInnerHTML={{ __html: renderCourtRows(courts, shown) }} />
    </table>
  );
}

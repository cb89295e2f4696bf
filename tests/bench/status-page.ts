// The status page at the registry size the product is heading for (~2,150 courts; today's registry is
// smaller), with synthetic courts cloned from the real one: rendering the court rows, filtering them the
// way the GET form does, and what the page weighs. Next.js carries the rows twice: as HTML, and as the
// same string JSON-escaped in the page's RSC payload (lib/status/render-court-rows.ts).
import { gzipSync } from "node:zlib";
import type { Court } from "@/contract";
import { COURTS, toPublicCourt } from "@/lib/courts/registry";
import { renderCourtRows } from "@/lib/status/render-court-rows";
import { countCoverage, filterCourts } from "@/lib/status/summarize-registry";
import { time, type Row } from "./measure";

const TARGET_COURTS = 2_150;

function syntheticRegistry(): Court[] {
  const real = COURTS.map(toPublicCourt);
  return Array.from({ length: TARGET_COURTS }, (_, index) => {
    const court = real[index % real.length]!;
    const copy = Math.floor(index / real.length);
    return copy === 0 ? court : { ...court, court_code: `${court.court_code}${copy}`, name: `${court.name} (${copy})` };
  });
}

export async function runStatusPageBench(): Promise<Row[]> {
  const courts = syntheticRegistry();
  const all = new Set(courts.map((court) => court.court_code));
  let html = "";
  const render = await time(20, () => {
    html = renderCourtRows(courts, all);
  });
  const filter = await time(50, () => {
    countCoverage(courts);
    return filterCourts(courts, { q: "district new york", country: "US", coverage: "", language: "" });
  });
  // What the page carries: the rows, then the same rows as a JSON string with < and > as \u003c/\u003e.
  const page = html + JSON.stringify(html).replace(/</g, "\\u003c").replace(/>/g, "\\u003e");
  const bytes = Buffer.byteLength(page);
  const gzipped = gzipSync(page).length;
  return [
    {
      name: `status page, ${courts.length} courts: rendering the rows, and the page's weight`,
      value: `p50 ${render.p50.toFixed(1)} ms, p99 ${render.p99.toFixed(1)} ms; ${(bytes / 1e6).toFixed(2)} MB, ${(gzipped / 1e3).toFixed(0)} KB gzipped`,
      target: "p50 ≤ 150 ms, ≤ 400 KB gzipped",
      ok: render.p50 <= 150 && gzipped <= 400_000,
    },
    {
      name: `status page filters (GET form, no JavaScript) and coverage counts, ${courts.length} courts`,
      value: `p50 ${filter.p50.toFixed(2)} ms, p99 ${filter.p99.toFixed(2)} ms`,
      target: "p50 ≤ 20 ms",
      ok: filter.p50 <= 20,
    },
  ];
}

// The status page with the whole registry (~2,150 courts): rendering the court rows, filtering them the
// way the GET form does, and what the page weighs. Next.js carries the rows twice: as HTML, and as the
// same string JSON-escaped in the page's RSC payload (lib/status/render-court-rows.ts).
import { gzipSync } from "node:zlib";
import type { Court } from "@/contract";
import { COURTS, toPublicCourt } from "@/lib/courts/registry";
import { renderCourtRows } from "@/lib/status/render-court-rows";
import { countCoverage, countPlaces, filterCourts } from "@/lib/status/summarize-registry";
import { time, type Row } from "./measure";

export async function runStatusPageBench(): Promise<Row[]> {
  const courts: Court[] = COURTS.map(toPublicCourt);
  const all = new Set(courts.map((court) => court.court_code));
  let html = "";
  const render = await time(20, () => {
    html = renderCourtRows(courts, all);
  });
  const filter = await time(50, () => {
    countCoverage(courts);
    countPlaces(courts);
    filterCourts(courts, { q: "", country: "US", region: "NY", level: "gjc", coverage: "planned", language: "" });
    return filterCourts(courts, { q: "district new york", country: "US", region: "", level: "", coverage: "", language: "" });
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

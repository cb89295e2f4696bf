// The status page with the whole registry (~2,150 courts): rendering the page (done once per state and
// filter set, lib/status/serve-status-page.ts), filtering the rows the way the GET form does, and what the
// page weighs.
import { gzipSync } from "node:zlib";
import { API_VERSION, type Court } from "@/contract";
import { COURTS, toPublicCourt } from "@/lib/courts/registry";
import { renderStatusPage } from "@/lib/status/render-status-page";
import { countCoverage, countPlaces, filterCourts } from "@/lib/status/summarize-registry";
import { time, type Row } from "./measure";

export async function runStatusPageBench(): Promise<Row[]> {
  const courts: Court[] = COURTS.map(toPublicCourt);
  const noFilters = { q: "", country: "", region: "", level: "", coverage: "", language: "" } as const;
  let page = "";
  const render = await time(20, () => {
    page = renderStatusPage({ status: { api_version: API_VERSION, operational_status: "nominal", courts }, filters: noFilters, now: new Date() });
  });
  const filter = await time(50, () => {
    countCoverage(courts);
    countPlaces(courts);
    filterCourts(courts, { q: "", country: "US", region: "NY", level: "gjc", coverage: "planned", language: "" });
    return filterCourts(courts, { q: "district new york", country: "US", region: "", level: "", coverage: "", language: "" });
  });
  const bytes = Buffer.byteLength(page);
  const gzipped = gzipSync(page).length;
  return [
    {
      name: `status page, ${courts.length} courts: rendering the page, and its weight`,
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

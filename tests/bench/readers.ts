// Source readers on real records: the largest docket of the corpus, and a 20,000-entry CM/ECF page built
// from real rows (target: under 1 s). Time (p50 of repeated reads) and the heap a read needs at its peak.
import { existsSync } from "node:fs";
import { readAppellateDocket } from "@/lib/sources/pacer/read-appellate-docket";
import { readDocketReport } from "@/lib/sources/pacer/read-docket-report";
import { corpusFiles, corpusText, HAS_CORPUS, NO_CORPUS_MESSAGE } from "../helpers/corpus";
import { syntheticDocket } from "../helpers/synthetic-docket";
import { time, type Row } from "./measure";

const MB = 2 ** 20;

/**
 * Heap grown while `body` runs, from a collected heap (run with --expose-gc, as `npm run bench` does): a
 * synchronous read gives the collector little chance to run, so this is close to the read's peak.
 */
function peakHeap(body: () => unknown): number {
  globalThis.gc?.();
  const base = process.memoryUsage().heapUsed;
  const result = body();
  const grown = process.memoryUsage().heapUsed - base;
  void result;
  return grown / MB;
}

export async function runReaderBench(): Promise<Row[]> {
  if (!HAS_CORPUS) {
    console.warn(NO_CORPUS_MESSAGE);
    return [];
  }
  const rows: Row[] = [];
  const dockets = [...corpusFiles("pacer/district", ".html"), ...corpusFiles("pacer/bankruptcy", ".html")]
    .map((file) => ({ file, html: corpusText(file) }))
    .sort((a, b) => b.html.length - a.html.length);
  const largest = dockets[0]!;
  const readLargest = () => readDocketReport(largest.html);
  const largestTiming = await time(20, readLargest);
  const entries = (() => {
    const read = readLargest();
    return read.kind === "case" ? read.case.entries.length : 0;
  })();
  rows.push({
    name: `read the corpus's largest docket (${largest.file}, ${(largest.html.length / 1024).toFixed(0)} KB, ${entries} entries)`,
    value: `p50 ${largestTiming.p50.toFixed(1)} ms, p99 ${largestTiming.p99.toFixed(1)} ms, heap peak ${peakHeap(readLargest).toFixed(1)} MB`,
    target: "p50 ≤ 100 ms",
    ok: largestTiming.p50 <= 100,
  });

  const page = syntheticDocket(corpusText("pacer/district/utd.html"), 20_000);
  const readSynthetic = () => readDocketReport(page);
  const synthetic = await time(5, readSynthetic, 1);
  const read = readSynthetic();
  const count = read.kind === "case" ? read.case.entries.length : 0;
  rows.push({
    name: `read a 20,000-entry CM/ECF page built from real rows (${(page.length / MB).toFixed(1)} MB)`,
    value: `p50 ${synthetic.p50.toFixed(0)} ms, p99 ${synthetic.p99.toFixed(0)} ms, heap peak ${peakHeap(readSynthetic).toFixed(0)} MB, ${count} entries`,
    target: "p50 < 1000 ms, every entry read",
    ok: synthetic.p50 < 1000 && count === 20_000,
  });

  const appellate = "pacer/appellate/ca1_2.html";
  if (existsSync(`${process.cwd()}/../shared/corpus/${appellate}`)) {
    const html = corpusText(appellate);
    const timing = await time(20, () => readAppellateDocket(html));
    rows.push({ name: `read an appellate docket (${appellate})`, value: `p50 ${timing.p50.toFixed(1)} ms`, target: "p50 ≤ 50 ms", ok: timing.p50 <= 50 });
  }
  return rows;
}

// Small timing helpers for the benchmarks: warm-up, then percentiles of repeated runs.
export interface Timing {
  p50: number;
  p99: number;
  mean: number;
}

export async function time(runs: number, body: () => Promise<unknown> | unknown, warmup = 3): Promise<Timing> {
  for (let i = 0; i < warmup; i += 1) await body();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await body();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * q))]!;
  return { p50: at(0.5), p99: at(0.99), mean: samples.reduce((sum, value) => sum + value, 0) / samples.length };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A benchmark of the corpus run without it prints the line its rows read as "skipped" (pacer-cost-rows.ts). */
export function skippedWithoutCorpus(hasCorpus: boolean): boolean {
  if (!hasCorpus) console.log(JSON.stringify({ skipped: "the corpus (../shared/corpus) is absent" }));
  return !hasCorpus;
}

export interface Row {
  name: string;
  value: string;
  /** The target, in words, e.g. "p50 ≤ 50 ms". */
  target: string;
  ok: boolean;
}

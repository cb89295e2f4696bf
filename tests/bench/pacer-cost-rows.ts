// The PACER cost benchmarks' rows for `npm run bench`: pacer-cost.ts (district courts) and
// pacer-appellate-cost.ts (courts of appeals) each run in a child process with a PACER account configured
// (the court registry reads it when first imported), and print one JSON line.
import { spawnSync } from "node:child_process";
import path from "node:path";
import type { Row } from "./measure";

const usd = (cents: number) => `$${(cents / 100).toFixed(3)}`;

/** Runs one benchmark script in its own process: its JSON line, or the row saying why there is none. */
function runScript(file: string, name: string, first: string): Record<string, any> | Row {
  const child = spawnSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, file)], {
    cwd: path.join(import.meta.dirname, "../.."),
    env: { ...process.env, PACER_USERNAME: "replay-user", PACER_PASSWORD: "correct horse battery staple", NODE_ENV: "test", LOCAL_REFRESH_SECONDS: "0" },
    encoding: "utf8",
    maxBuffer: 256 * 2 ** 20,
  });
  const line = child.stdout.split("\n").reverse().find((text) => text.startsWith(`{"${first}"`) || text.startsWith('{"skipped"'));
  if (child.status !== 0 || !line) return { name, value: `failed: ${child.stderr.split("\n").slice(-5).join(" ")}`, target: "runs", ok: false };
  const result = JSON.parse(line) as Record<string, any>;
  if (result.skipped) return { name, value: `skipped: ${result.skipped}`, target: "runs with ../shared/corpus", ok: true };
  return result;
}

const isRow = (value: Record<string, any> | Row): value is Row => "target" in value && "ok" in value;

export function runPacerCostBench(): Row[] {
  return [...districtRows(), ...appellateRows()];
}

function appellateRows(): Row[] {
  const result = runScript("pacer-appellate-cost.ts", "PACER courts of appeals cost benchmark", "appellateCases");
  if (isRow(result)) return [result];
  const scale = `${result.appellateCases} real dockets of ${result.courts.join(", ")}, ${result.days} days of hourly runs, ${result.database}, ${result.seconds} s`;
  const { daily, once, dailyWithFeeds, onceWithFeeds } = result;
  return [
    {
      name: `PACER spend per appellate case-month, median, queried every day (${scale})`,
      value: `${usd(daily.medianPerCaseMonthCents)} (max ${usd(daily.maxPerCaseMonthCents)}; ${daily.readings} readings, ${daily.wholeReadings} of them whole; ledger ${usd(daily.totalCents)} = replay server's bill ${usd(daily.serverBilledCents)})`,
      target: "ledger equals PACER's bill",
      ok: daily.totalCents === daily.serverBilledCents,
    },
    {
      name: `PACER spend per paid query of an appellate case queried every day, median (${result.queriesPerCaseMonth} paid queries per case-month)`,
      value: usd(daily.medianPerQueryCents),
      target: "≤ $0.10 (10 % of the $0.99 price)",
      ok: daily.medianPerQueryCents <= 10,
    },
    {
      name: "PACER spend per appellate case-month, median, queried once (read daily for a week, then weekly)",
      value: `${usd(once.medianPerCaseMonthCents)} (max ${usd(once.maxPerCaseMonthCents)}; ${once.readings} readings; ledger ${usd(once.totalCents)} = bill ${usd(once.serverBilledCents)})`,
      target: "for comparison with the one $0.99 query",
      ok: once.totalCents === once.serverBilledCents,
    },
    {
      // The replay gives every court a feed of orders, opinions and judgments: an upper bound of what feeds add.
      name: "The same months with the courts' feeds polled (an order, opinion or judgment listed makes its case due)",
      value:
        `queried every day ${usd(dailyWithFeeds.medianPerCaseMonthCents)} (${dailyWithFeeds.readings} readings), queried once ` +
        `${usd(onceWithFeeds.medianPerCaseMonthCents)} (max ${usd(onceWithFeeds.maxPerCaseMonthCents)}; ${onceWithFeeds.readings} readings); ` +
        `${onceWithFeeds.feedMarks} feed items marked a case; ledgers = bills`,
      target: "ledger equals PACER's bill",
      ok: dailyWithFeeds.totalCents === dailyWithFeeds.serverBilledCents && onceWithFeeds.totalCents === onceWithFeeds.serverBilledCents,
    },
    {
      name: "Appellate caches of cases queried every day equal a whole reading at the end",
      value: `${daily.mergedNotWhole} differ (with feeds ${dailyWithFeeds.mergedNotWhole}; queried once: ${once.mergedNotWhole}, up to a week behind by design)`,
      target: "0",
      ok: daily.mergedNotWhole === 0 && dailyWithFeeds.mergedNotWhole === 0,
    },
  ];
}

function districtRows(): Row[] {
  const result = runScript("pacer-cost.ts", "PACER cost benchmark", "cases");
  if (isRow(result)) return [result];
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

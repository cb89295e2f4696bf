// `npm run bench`: speed and memory targets, printed as one table (and as Markdown for
// docs/performance.md with --markdown). Exits non-zero when a target is missed. Not part of `npm test`:
// timings on a shared 2-core machine are no signal of correctness. BENCH_SKIP_BUILD=1 reuses a build.
import os from "node:os";
import { runBatchLoadBench } from "./batch-load";
import { runCacheBench } from "./cache";
import { runComputeBench } from "./compute";
import { runHttpBench } from "./http";
import { runLiveHttpBench } from "./http-live";
import type { Row } from "./measure";
import { runMemoryBench } from "./memory";
import { runPacerCostBench } from "./pacer-cost-rows";
import { runReaderBench } from "./readers";
import { runSettlementBench } from "./settlement";
import { runStatusPageBench } from "./status-page";

const rows: Row[] = [];
rows.push(...(await runComputeBench()));
rows.push(...(await runReaderBench()));
const cache = await runCacheBench();
rows.push(...cache.rows);
rows.push(...(await runMemoryBench()));
rows.push(...(await runStatusPageBench()));
rows.push(...(await runHttpBench(process.env.BENCH_SKIP_BUILD !== "1")));
// Reuses the builds the HTTP rows made (the app and the bare baseline).
rows.push(...(await runLiveHttpBench()));
// After the HTTP rows, which build the app: it serves the same build.
rows.push(...(await runBatchLoadBench()));
// Reuses the build the HTTP rows made (or found).
rows.push(...(await runSettlementBench()));

// A simulated month of PACER fees over the replay server, in its own process.
rows.push(...runPacerCostBench());

const machine = `${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
if (process.argv.includes("--markdown")) {
  console.log(`Machine: ${machine}. Database for the cache rows: ${cache.database}.\n`);
  console.log("| Measure | Result | Target | Met |\n|---|---|---|---|");
  for (const row of rows) console.log(`| ${row.name} | ${row.value} | ${row.target} | ${row.ok ? "yes" : "**no**"} |`);
} else {
  console.log(`machine: ${machine}\n`);
  for (const row of rows) console.log(`${row.ok ? "  " : "✗ "}${row.name}\n    ${row.value}   [target: ${row.target}]`);
}
process.exit(rows.every((row) => row.ok) ? 0 : 1);

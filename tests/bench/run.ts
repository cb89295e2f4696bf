// `npm run bench`: speed and memory targets, measured on the route handlers in-process (no network),
// so the numbers are about our code. Each target is a median over repeated runs after a warm-up; the
// script prints a table and exits non-zero when a target is missed. Not part of `npm test`: timings on
// a shared 2-core machine are not a pass/fail signal for correctness.
import { GET as getCase } from "@/app/v2/case/route";
import { POST as postBatch } from "@/app/v2/cases/batch/route";
import { GET as getStatus } from "@/app/v2/status/route";

interface Target {
  name: string;
  run: () => Promise<Response>;
  /** Median milliseconds per run must stay under this. */
  maxMedianMs: number;
  runs: number;
}

const origin = "http://bench.local";
const sandbox = { "x-service-test": "1" };

const batchBody = JSON.stringify({
  queries: Array.from({ length: 50 }, (_, index) => ({
    case_id: index % 2 ? "1:23-cv-04567" : "T-1234-23",
    court_code: index % 2 ? "nysd" : "fct",
    context: "full",
    last_checked: "2026-11-15T00:00:00Z",
  })),
});

const targets: Target[] = [
  {
    name: "GET /v2/status (whole registry)",
    run: () => getStatus(new Request(`${origin}/v2/status`)),
    maxMedianMs: 10,
    runs: 200,
  },
  {
    name: "GET /v2/case full, 146 entries, with delta",
    run: () =>
      getCase(
        new Request(`${origin}/v2/case?case_id=1:23-cv-04567&court_code=nysd&context=full&last_checked=2026-11-15T00:00:00Z`, { headers: sandbox }),
      ),
    maxMedianMs: 10,
    runs: 200,
  },
  {
    name: "GET /v2/case full, 9,002 entries, truncated to 2 MB",
    run: () => getCase(new Request(`${origin}/v2/case?case_id=3:21-md-02996&court_code=cand&context=full`, { headers: sandbox })),
    maxMedianMs: 150,
    runs: 25,
  },
  {
    name: "POST /v2/cases/batch, 50 full queries",
    run: () =>
      postBatch(new Request(`${origin}/v2/cases/batch`, { method: "POST", headers: { ...sandbox, "content-type": "application/json" }, body: batchBody })),
    maxMedianMs: 120,
    runs: 25,
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measure(target: Target): Promise<{ median: number; p95: number; bytes: number }> {
  let bytes = 0;
  for (let i = 0; i < 3; i += 1) await (await target.run()).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < target.runs; i += 1) {
    const start = performance.now();
    const response = await target.run();
    const body = await response.arrayBuffer();
    times.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`${target.name} answered ${response.status}`);
    bytes = body.byteLength;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { median: median(times), p95: sorted[Math.floor(sorted.length * 0.95)]!, bytes };
}

let failed = false;
console.log("target".padEnd(56), "median ms".padStart(10), "p95 ms".padStart(9), "limit".padStart(7), "body bytes".padStart(12));
for (const target of targets) {
  const result = await measure(target);
  const ok = result.median <= target.maxMedianMs;
  failed ||= !ok;
  console.log(
    `${ok ? " " : "✗"} ${target.name}`.padEnd(56),
    result.median.toFixed(2).padStart(10),
    result.p95.toFixed(2).padStart(9),
    String(target.maxMedianMs).padStart(7),
    String(result.bytes).padStart(12),
  );
}

// Memory: 40 truncated 2 MB responses in a row must not keep their bodies alive.
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const before = process.memoryUsage().heapUsed;
for (let i = 0; i < 40; i += 1) await (await targets[2]!.run()).arrayBuffer();
gc?.();
const grownMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
const memoryLimitMb = 40;
const memoryOk = grownMb <= memoryLimitMb;
failed ||= !memoryOk;
console.log(`${memoryOk ? " " : "✗"} heap growth after 40 truncated responses: ${grownMb.toFixed(1)} MB (limit ${memoryLimitMb} MB${gc ? "" : ", run without --expose-gc: indicative only"})`);

process.exit(failed ? 1 : 0);

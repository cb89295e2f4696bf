// Bounded work per request (docs/limits.md): while four sandbox batches of 50 large dockets (context=full)
// are answered at once, GET /v2/status keeps answering quickly and the server's memory stays bounded.
// Before 2.1 each such batch answered 100 MB and a concurrent /v2/status waited 8.5 s.
import { readFileSync } from "node:fs";
import type { Row } from "./measure";
import { startNext } from "../helpers/start-next";

const LARGE = { case_id: "3:21-md-02996", court_code: "cand", context: "full" };
const BATCHES = 4;

function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

export async function runBatchLoadBench(): Promise<Row[]> {
  // The sandbox serves the courts this deployment covers: the demo source's, as in the HTTP tests.
  const next = await startNext({ build: false, stdio: "ignore", env: { DATABASE_URL: "", CASE_SOURCE: "demo" } });
  try {
    const batch = () =>
      fetch(`${next.baseUrl}/v2/cases/batch?test=1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ queries: Array.from({ length: 50 }, () => LARGE) }),
      }).then(async (response) => ({ status: response.status, bytes: (await response.arrayBuffer()).byteLength }));
    await batch(); // warm: the fixture and the code paths, as a server that has answered before
    await fetch(`${next.baseUrl}/v2/status`).then((response) => response.arrayBuffer());

    let peakRss = rssBytes(next.pid);
    let running = true;
    const sampler = (async () => {
      while (running) {
        peakRss = Math.max(peakRss, rssBytes(next.pid));
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const latencies: number[] = [];
    const poller = (async () => {
      // Bounded: at most 2,000 requests, one at a time, while the batches run.
      for (let count = 0; running && count < 2_000; count += 1) {
        const start = performance.now();
        await fetch(`${next.baseUrl}/v2/status`).then((response) => response.arrayBuffer());
        latencies.push(performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: BATCHES }, batch));
    const elapsed = performance.now() - started;
    running = false;
    await Promise.all([sampler, poller]);

    const mcp = await fetch(`${next.baseUrl}/v2/mcp?test=1`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "service_case_batch", arguments: { queries: Array.from({ length: 50 }, () => LARGE) } } }),
    }).then(async (response) => (await response.arrayBuffer()).byteLength);

    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? Infinity;
    const largest = Math.max(...answers.map((answer) => answer.bytes));
    const allOk = answers.every((answer) => answer.status === 200);
    return [
      {
        name: `${BATCHES} concurrent sandbox batches of 50 × the largest fixture (context=full), /v2/status polled meanwhile`,
        value:
          `batches ${(elapsed / 1000).toFixed(1)} s, largest answer ${(largest / 1e6).toFixed(1)} MB; /v2/status p99 ${p99.toFixed(0)} ms over ` +
          `${latencies.length} requests; server RSS peak ${(peakRss / 2 ** 20).toFixed(0)} MiB; the same batch over MCP ${(mcp / 1e6).toFixed(1)} MB`,
        target: "/v2/status p99 < 300 ms, RSS < 1 GB, every answer ≤ 10 MB (MCP ≤ 12 MB)",
        ok: allOk && p99 < 300 && peakRss < 2 ** 30 && largest <= 10_000_000 && mcp <= 12_000_000,
      },
    ];
  } finally {
    await next.stop();
  }
}

// Over loopback with autocannon: sandbox GET /v2/case from `next start` against a bare Node server that
// answers the same bytes. The ratio is what the framework, our wrapper and the case code cost.
import { createServer } from "node:http";
import autocannon from "autocannon";
import { freePort, startNext } from "../helpers/start-next";
import type { Row } from "./measure";

const PATH = "/v2/case?case_id=1:23-cv-04567&court_code=nysd&context=full&last_checked=2026-11-15T00:00:00Z&test=1";
const DURATION_S = 8;
const CONNECTIONS = 16;

async function load(url: string): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const result = await autocannon({ url, duration: DURATION_S, connections: CONNECTIONS });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function runHttpBench(build: boolean): Promise<Row[]> {
  const next = await startNext({ build, stdio: "ignore" });
  try {
    const body = Buffer.from(await (await fetch(`${next.baseUrl}${PATH}`)).arrayBuffer());
    const port = await freePort();
    const bare = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
      response.end(body);
    });
    await new Promise<void>((resolve) => bare.listen(port, "127.0.0.1", resolve));
    try {
      const ours = await load(`${next.baseUrl}${PATH}`);
      const baseline = await load(`http://127.0.0.1:${port}${PATH}`);
      const ratio = ours.rps / baseline.rps;
      return [
        {
          name: `sandbox GET /v2/case (full, ${body.length} bytes), ${CONNECTIONS} connections, ${DURATION_S} s`,
          value: `${ours.rps.toFixed(0)} req/s (p50 ${ours.p50} ms, p99 ${ours.p99} ms), bare server ${baseline.rps.toFixed(0)} req/s: ratio ${ratio.toFixed(3)}`,
          target: "≥ 150 req/s and no errors",
          ok: ours.rps >= 150 && ours.errors === 0,
        },
      ];
    } finally {
      await new Promise((resolve) => bare.close(resolve));
    }
  } finally {
    await next.stop();
  }
}

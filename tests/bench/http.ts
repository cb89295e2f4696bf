// Over loopback with autocannon: sandbox GET /v2/case from `next start` against a bare Node server that
// answers the same bytes (the ratio is what the framework, our wrapper and the case code cost), then
// GET /v2/status from its precomputed body and the status page.
import { createServer } from "node:http";
import autocannon from "autocannon";
import { freePort, startNext } from "../helpers/start-next";
import type { Row } from "./measure";

const PATH = "/v2/case?case_id=1:23-cv-04567&court_code=nysd&context=full&last_checked=2026-11-15T00:00:00Z&test=1";
const DURATION_S = 8;
const CONNECTIONS = 16;

// Sandbox requests are limited per client address (60 a minute, a database transaction each): the load
// comes from many addresses, as real agents' would, so that it measures that cost without tripping it.
const CLIENT_ADDRESSES = 2_048;

/** `errors`: failed connections and every answer outside the expected class (2xx, or 3xx for revalidation). */
async function load(url: string, headers: Record<string, string> = {}, expect: "2xx" | "3xx" = "2xx"): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  let sent = 0;
  const result = await autocannon({
    url,
    duration: DURATION_S,
    connections: CONNECTIONS,
    requests: [
      {
        setupRequest: (request) => {
          const address = (sent += 1) % CLIENT_ADDRESSES;
          return { ...request, headers: { ...request.headers, ...headers, "x-forwarded-for": `10.9.${address >> 8}.${address & 255}` } };
        },
      },
    ],
  });
  const answered = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + answered - result[expect],
  };
}

export async function runHttpBench(build: boolean): Promise<Row[]> {
  // On the embedded database whatever DATABASE_URL says: the cache rows measure PostgreSQL.
  // Behind one trusted proxy (TRUSTED_PROXY=1): each load request's X-Forwarded-For is its client address,
  // so the sandbox limit (per address) does not throttle the load.
  const next = await startNext({ build, stdio: "ignore", env: { DATABASE_URL: "", TRUSTED_PROXY: "1" } });
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
      const status = await fetch(`${next.baseUrl}/v2/status`);
      const statusBytes = (await status.arrayBuffer()).byteLength;
      const statusLoad = await load(`${next.baseUrl}/v2/status`);
      const revalidate = await load(`${next.baseUrl}/v2/status`, { "if-none-match": status.headers.get("etag") ?? "" }, "3xx");
      const pageBytes = (await (await fetch(next.baseUrl)).arrayBuffer()).byteLength;
      const pageLoad = await load(`${next.baseUrl}/`, { "accept-encoding": "gzip" });
      return [
        {
          name: `sandbox GET /v2/case (full, ${body.length} bytes), ${CONNECTIONS} connections, ${DURATION_S} s, embedded database`,
          value: `${ours.rps.toFixed(0)} req/s (p50 ${ours.p50} ms, p99 ${ours.p99} ms), bare server ${baseline.rps.toFixed(0)} req/s: ratio ${ratio.toFixed(3)}`,
          target: "≥ 100 req/s and no errors",
          ok: ours.rps >= 100 && ours.errors === 0,
        },
        {
          name: `GET /v2/status (${statusBytes} bytes), then with If-None-Match (304), ${CONNECTIONS} connections`,
          value: `200: ${statusLoad.rps.toFixed(0)} req/s (p50 ${statusLoad.p50} ms); 304: ${revalidate.rps.toFixed(0)} req/s (p50 ${revalidate.p50} ms)`,
          target: "≥ 150 req/s each, no errors",
          ok: statusLoad.rps >= 150 && statusLoad.errors === 0 && revalidate.rps >= 150 && revalidate.errors === 0,
        },
        {
          name: `status page GET / (${pageBytes} bytes, gzip), ${CONNECTIONS} connections`,
          value: `${pageLoad.rps.toFixed(0)} req/s (p50 ${pageLoad.p50} ms, p99 ${pageLoad.p99} ms)`,
          target: "≥ 20 req/s, no errors",
          ok: pageLoad.rps >= 20 && pageLoad.errors === 0,
        },
      ];
    } finally {
      await new Promise((resolve) => bare.close(resolve));
    }
  } finally {
    await next.stop();
  }
}

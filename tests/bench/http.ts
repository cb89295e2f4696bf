// Over loopback with autocannon: what our routes cost per request beyond what Next.js itself costs. Each
// request is measured against a bare Next.js route handler (tests/bench/bare-next) answering the very same
// bytes from memory, in the same run, alternately (bare, ours, bare, ours) so that a change of load on the
// shared machine touches both: sandbox GET /v2/case basic and full, and GET /v2/status from its
// precomputed body, plain and gzipped (what a caller sending Accept-Encoding: gzip gets from `next start`).
// Then /v2/status revalidated (304) and the status page.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ROOT, startNext, type RunningServer } from "../helpers/start-next";
import type { Row } from "./measure";

const BASIC = "/v2/case?case_id=1:23-cv-04567&court_code=nysd&test=1";
const FULL = "/v2/case?case_id=1:23-cv-04567&court_code=nysd&context=full&last_checked=2026-11-15T00:00:00Z&test=1";
const DURATION_S = 5;
const CONNECTIONS = 16;
const BARE_APP = path.join(ROOT, "tests/bench/bare-next");

// Sandbox requests are limited per client address (60 a minute): the load comes from many addresses, as
// real agents' would, so that it measures that cost without tripping it.
const CLIENT_ADDRESSES = 2_048;

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `errors`: failed connections and every answer outside the expected class (2xx, or 3xx for revalidation). */
export async function load(url: string, headers: Record<string, string> = {}, expect: "2xx" | "3xx" = "2xx", duration = DURATION_S): Promise<Load> {
  let sent = 0;
  const result = await autocannon({
    url,
    duration,
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
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + answered - result[expect] };
}

/** Two rounds, alternating: the request rates summed per side, so the ratio compares like with like. */
export async function againstBare(ours: () => Promise<Load>, bare: () => Promise<Load>): Promise<{ ours: Load; bare: Load; ratio: number }> {
  const rounds: Array<[Load, Load]> = [];
  for (let round = 0; round < 2; round += 1) {
    const b = await bare();
    const o = await ours();
    rounds.push([o, b]);
  }
  const merge = (loads: Load[]): Load => ({
    rps: loads.reduce((sum, l) => sum + l.rps, 0) / loads.length,
    p50: Math.max(...loads.map((l) => l.p50)),
    p99: Math.max(...loads.map((l) => l.p99)),
    errors: loads.reduce((sum, l) => sum + l.errors, 0),
  });
  const o = merge(rounds.map(([x]) => x));
  const b = merge(rounds.map(([, y]) => y));
  return { ours: o, bare: b, ratio: o.rps / b.rps };
}

/** The bare Next.js app, built when asked, serving each `<name>.json` of `bodies` at `/<name>`. */
export async function startBareNext(build: boolean, bodies: Record<string, Buffer>): Promise<RunningServer> {
  if (build) {
    const built = spawnSync(path.join(ROOT, "node_modules/.bin/next"), ["build", BARE_APP], { cwd: ROOT, stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (built.status !== 0) throw new Error("next build of tests/bench/bare-next failed");
  }
  const dir = mkdtempSync(path.join(tmpdir(), "court-docket-bare-"));
  for (const [name, bytes] of Object.entries(bodies)) writeFileSync(path.join(dir, `${name}.json`), bytes);
  const server = await startNext({ build: false, stdio: "ignore", appDir: BARE_APP, readyPath: `/${Object.keys(bodies)[0]}`, env: { BARE_BODIES_DIR: dir } });
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How many bytes an answer travels as (http.get keeps a Content-Encoding as it came). */
function wireBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let size = 0;
        response.on("data", (chunk: Buffer) => (size += chunk.length));
        response.on("end", () => resolve(size));
      })
      .on("error", reject);
  });
}

const GZIP = { "accept-encoding": "gzip" };

const describeLoad = (l: Load) => `${l.rps.toFixed(0)} req/s (p50 ${l.p50} ms, p99 ${l.p99} ms)`;

export async function runHttpBench(build: boolean): Promise<Row[]> {
  // On the embedded database whatever DATABASE_URL says: the cache rows measure PostgreSQL.
  // Behind one trusted proxy (TRUSTED_PROXY=1): each load request's X-Forwarded-For is its client address,
  // so the sandbox limit (per address) does not throttle the load.
  const next = await startNext({ build, stdio: "ignore", env: { DATABASE_URL: "", TRUSTED_PROXY: "1" } });
  try {
    const bytes = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
    const bodies = { basic: await bytes(`${next.baseUrl}${BASIC}`), full: await bytes(`${next.baseUrl}${FULL}`), status: await bytes(`${next.baseUrl}/v2/status`) };
    const bare = await startBareNext(build, bodies);
    try {
      const rows: Row[] = [];
      for (const [name, target, minimum] of [
        ["basic", BASIC, 0.7],
        ["full", FULL, 0.7],
      ] as const) {
        const measured = await againstBare(() => load(`${next.baseUrl}${target}`), () => load(`${bare.baseUrl}/${name}`));
        rows.push({
          name: `sandbox GET /v2/case (${name}, ${bodies[name].length} bytes) against a bare Next.js route with the same bytes, ${CONNECTIONS} connections, embedded database`,
          value: `ours ${describeLoad(measured.ours)}, bare ${describeLoad(measured.bare)}: ratio ${measured.ratio.toFixed(2)}`,
          target: `ratio ≥ ${minimum}, no errors`,
          ok: measured.ratio >= minimum && measured.ours.errors === 0,
        });
      }
      const status = await againstBare(() => load(`${next.baseUrl}/v2/status`), () => load(`${bare.baseUrl}/status`));
      rows.push({
        name: `GET /v2/status (${bodies.status.length} bytes) against a bare Next.js route with the same bytes, ${CONNECTIONS} connections`,
        value: `ours ${describeLoad(status.ours)}, bare ${describeLoad(status.bare)}: ratio ${status.ratio.toFixed(2)}`,
        target: "ratio ≥ 0.9, no errors",
        ok: status.ratio >= 0.9 && status.ours.errors === 0,
      });
      // `next start` compresses each answer anew for a caller that accepts gzip (Next.js 16.4.6 and later), ours
      // and the bare route's alike.
      const zipped = await againstBare(() => load(`${next.baseUrl}/v2/status`, GZIP), () => load(`${bare.baseUrl}/status`, GZIP));
      const statusWire = await wireBytes(`${next.baseUrl}/v2/status`, GZIP);
      rows.push({
        name: `GET /v2/status gzipped (${statusWire} bytes on the wire) against the bare route gzipped, ${CONNECTIONS} connections`,
        value: `ours ${describeLoad(zipped.ours)}, bare ${describeLoad(zipped.bare)}: ratio ${zipped.ratio.toFixed(2)}`,
        target: "ratio ≥ 0.9, ≤ 60 KB, no errors",
        ok: zipped.ratio >= 0.9 && statusWire <= 60_000 && zipped.ours.errors === 0,
      });
      const etag = (await fetch(`${next.baseUrl}/v2/status`)).headers.get("etag") ?? "";
      const revalidate = await load(`${next.baseUrl}/v2/status`, { "if-none-match": etag }, "3xx");
      rows.push({
        name: `GET /v2/status with If-None-Match (304), ${CONNECTIONS} connections`,
        value: describeLoad(revalidate),
        target: "≥ 150 req/s, no errors",
        ok: revalidate.rps >= 150 && revalidate.errors === 0,
      });
      const pageBytes = (await (await fetch(next.baseUrl)).arrayBuffer()).byteLength;
      const pageWire = await wireBytes(`${next.baseUrl}/`, GZIP);
      const pageLoad = await load(`${next.baseUrl}/`, GZIP);
      rows.push({
        // Gzipped by `next start` for each request, as a browser asks (Vercel's edge compresses on its own).
        name: `status page GET / (${pageBytes} bytes, ${pageWire} gzipped on the wire), ${CONNECTIONS} connections`,
        value: describeLoad(pageLoad),
        target: "≥ 20 req/s, no errors",
        ok: pageLoad.rps >= 20 && pageLoad.errors === 0,
      });
      return rows;
    } finally {
      await bare.stop();
    }
  } finally {
    await next.stop();
  }
}

// Settlement at chain speed (issue 13): `next start` with the in-process facilitator on a local chain that
// mines a block every 2 s (as Base does), 200 paid GET /v2/case requests from 20 wallets sent open-loop at
// 30 a second, every proof signed beforehand by the official x402 client (signing is the agent's cost);
// and, first, a light load (4 a second) for the latency of one paid request that queues behind no other.
// Measured: settled answers per second from the first request sent to the last answer, and the paid
// request's latency (a paid answer waits for its settlement's receipt: one block at most, half on average).
import { privateKeyToAccount } from "viem/accounts";
import { findCourt } from "@/lib/courts/registry";
import { generateDemoCase } from "@/lib/sources/demo/generate-case";
import { paymentSettingsFor, startLocalChain } from "../helpers/local-chain";
import type { ChainInfo } from "../helpers/next-server";
import { makePayer } from "../helpers/payer";
import { createPostgresDatabase, postgresAnswers } from "../helpers/postgres-database";
import { startNext } from "../helpers/start-next";
import type { Row } from "./measure";

const BLOCK_MS = 2_000;
const WALLETS = 20;
const REQUESTS = 200;
const ARRIVALS_PER_SECOND = 30;

function demoCaseIds(count: number): string[] {
  const ids: string[] = [];
  for (let number = 1; ids.length < count; number += 1) {
    const id = `1:19-cv-${String(number).padStart(5, "0")}`;
    if (generateDemoCase(findCourt("nysd")!, id, new Date(), { downCourts: new Set() }).kind === "found") ids.push(id);
  }
  return ids;
}

export async function runSettlementBench(): Promise<Row[]> {
  // On PostgreSQL when DATABASE_URL names one (as a deployment under load would be), else the embedded database.
  const adminUrl = process.env.DATABASE_URL;
  const postgres = adminUrl && (await postgresAnswers(adminUrl)) ? await createPostgresDatabase(adminUrl, "court_docket_bench_settle") : null;
  const chain = await startLocalChain(WALLETS + 2, { intervalMiningMs: BLOCK_MS });
  const payTo = privateKeyToAccount(chain.privateKeys[1]!).address;
  const next = await startNext({
    build: false,
    stdio: "ignore",
    env: {
      DATABASE_URL: postgres?.url ?? "",
      CASE_SOURCE: "demo",
      ...paymentSettingsFor(chain, payTo, chain.privateKeys[0]!),
      X402_BLOCK_TIME_MS: String(BLOCK_MS),
      SIGNING_KEYS_ENCRYPTION_KEY: "66".repeat(32),
    },
  });
  try {
    const info: ChainInfo = { rpcUrl: chain.rpcUrl, chainId: chain.chain.id, network: chain.network, token: chain.token, payTo, privateKeys: chain.privateKeys };
    const payers = Array.from({ length: WALLETS }, (_, i) => makePayer(info, 2 + i));
    await Promise.all(payers.map((payer) => payer.mint(100_000_000n)));
    // A handful of cases, cached by a first paid query each: the load is the payment path, not cache misses.
    const cases = demoCaseIds(5);
    const url = (i: number) => `${next.baseUrl}/v2/case?case_id=${cases[i % cases.length]}&court_code=nysd`;
    const challenges = await Promise.all(cases.map((_, i) => fetch(url(i))));
    for (const [i, challenge] of challenges.entries()) {
      const warm = await fetch(url(i), { headers: { "payment-signature": await payers[i]!.paymentFor(challenge.clone()) } });
      if (warm.status !== 200) throw new Error(`warm-up query answered ${warm.status}: ${await warm.text()}`);
    }
    /** `count` paid requests sent open-loop at `rate` a second, each with its own pre-signed proof. */
    const load = async (count: number, rate: number) => {
      const proofs = await Promise.all(
        Array.from({ length: count }, (_, i) => payers[i % WALLETS]!.paymentFor(challenges[i % cases.length]!.clone())),
      );
      const balanceBefore = await chain.balanceOf(payTo);
      const started = performance.now();
      const results = await Promise.all(
        proofs.map(async (proof, i) => {
          await new Promise((resolve) => setTimeout(resolve, (i * 1000) / rate));
          const sent = performance.now();
          const response = await fetch(url(i), { headers: { "payment-signature": proof } });
          await response.arrayBuffer();
          return { status: response.status, settled: response.headers.has("payment-response"), latency: performance.now() - sent, at: performance.now() };
        }),
      );
      const settled = results.filter((result) => result.status === 200 && result.settled).length;
      const elapsed = (Math.max(...results.map((result) => result.at)) - started) / 1000;
      const latencies = results.map((result) => result.latency).sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!;
      const charged = ((await chain.balanceOf(payTo)) - balanceBefore) / 990_000n;
      return { settled, rate: settled / elapsed, elapsed, p50: at(0.5), p99: at(0.99), failed: count - settled, charged };
    };
    // A light load first: what one paid request waits for (its block), without queueing behind others.
    const light = await load(40, 4);
    const heavy = await load(REQUESTS, ARRIVALS_PER_SECOND);
    const database = postgres ? "PostgreSQL" : "embedded database";
    return [
      {
        name: `paid GET /v2/case latency at 4 requests/s (40 requests), blocks every ${BLOCK_MS / 1000} s, ${database}`,
        value: `p50 ${light.p50.toFixed(0)} ms, p99 ${light.p99.toFixed(0)} ms (${light.settled} settled, ${light.charged} charged on chain)`,
        target: `p50 ≤ ${BLOCK_MS + 300} ms, every request settled once`,
        ok: light.p50 <= BLOCK_MS + 300 && light.failed === 0 && light.charged === BigInt(light.settled),
      },
      {
        name: `paid GET /v2/case with settlement, ${REQUESTS} requests from ${WALLETS} wallets at ${ARRIVALS_PER_SECOND}/s, blocks every ${BLOCK_MS / 1000} s, ${database}`,
        value:
          `${heavy.rate.toFixed(1)} settlements/s (${heavy.settled} settled in ${heavy.elapsed.toFixed(1)} s, ${heavy.charged} charged on chain, ${heavy.failed} failed); ` +
          `p50 ${heavy.p50.toFixed(0)} ms, p99 ${heavy.p99.toFixed(0)} ms`,
        target: `≥ 20 settlements/s, p50 ≤ ${BLOCK_MS + 300} ms, every request settled once`,
        ok: heavy.rate >= 20 && heavy.p50 <= BLOCK_MS + 300 && heavy.failed === 0 && heavy.charged === BigInt(heavy.settled),
      },
    ];
  } finally {
    await next.stop();
    await chain.stop();
    await postgres?.drop();
  }
}

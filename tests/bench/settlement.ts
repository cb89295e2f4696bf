// Settlement at chain speed (issue 13): `next start` with the in-process facilitator on a local chain that
// mines a block every 2 s (as Base does), 200 paid GET /v2/case requests from 20 wallets sent open-loop at
// 30 a second, every proof signed beforehand by the official x402 client (signing is the agent's cost).
// Measured: settled answers per second from the first request sent to the last answer, and the paid
// request's latency (a paid answer waits for its settlement's receipt: one block at most, half on average).
import { privateKeyToAccount } from "viem/accounts";
import { findCourt } from "@/lib/courts/registry";
import { generateDemoCase } from "@/lib/sources/demo/generate-case";
import { startLocalChain } from "../helpers/local-chain";
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
      X402_NETWORK: chain.network,
      X402_ASSET: chain.token,
      X402_PAY_TO: payTo,
      X402_RPC_URL: chain.rpcUrl,
      X402_SETTLEMENT_PRIVATE_KEY: chain.privateKeys[0]!,
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
    const proofs = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) => payers[i % WALLETS]!.paymentFor(challenges[i % cases.length]!.clone())),
    );
    const balanceBefore = await chain.balanceOf(payTo);

    const started = performance.now();
    const results = await Promise.all(
      proofs.map(async (proof, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i * 1000) / ARRIVALS_PER_SECOND));
        const sent = performance.now();
        const response = await fetch(url(i), { headers: { "payment-signature": proof } });
        await response.arrayBuffer();
        return { status: response.status, settled: response.headers.has("payment-response"), latency: performance.now() - sent, at: performance.now() };
      }),
    );
    const settled = results.filter((result) => result.status === 200 && result.settled);
    const elapsed = (Math.max(...results.map((result) => result.at)) - started) / 1000;
    const rate = settled.length / elapsed;
    const latencies = results.map((result) => result.latency).sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!;
    const received = (await chain.balanceOf(payTo)) - balanceBefore;
    const charged = received / 990_000n;
    const failures = results.length - settled.length;
    return [
      {
        name: `paid GET /v2/case with settlement, ${REQUESTS} requests from ${WALLETS} wallets at ${ARRIVALS_PER_SECOND}/s, blocks every ${BLOCK_MS / 1000} s, ${postgres ? "PostgreSQL" : "embedded database"}`,
        value:
          `${rate.toFixed(1)} settlements/s (${settled.length} settled in ${elapsed.toFixed(1)} s, ${charged} charged on chain, ${failures} failed); ` +
          `p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms`,
        target: `≥ 20 settlements/s, p50 ≤ ${BLOCK_MS + 300} ms, every request settled once`,
        ok: rate >= 20 && at(0.5) <= BLOCK_MS + 300 && failures === 0 && charged === BigInt(settled.length),
      },
    ];
  } finally {
    await next.stop();
    await chain.stop();
    await postgres?.drop();
  }
}

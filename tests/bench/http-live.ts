// A cached live case over HTTP, paid (issue 18): `next start` on PostgreSQL with the demo source connected,
// a 5,000-entry case in its cache, and paid GET /v2/case?context=full answered from it, each request with
// its own proof signed beforehand by the official x402 client and settled on a local chain that mines at
// once. Against the bare Next.js route serving the very same bytes at the same concurrency, in the same run:
// the ratio is what the payment path (verification, reservation, limits, the ledger, settlement and its
// receipt) and the case path cost beside Next.js itself; the server's own time for the case (without
// payment) is the in-process row of tests/bench/cache.ts.
import { privateKeyToAccount } from "viem/accounts";
import autocannon from "autocannon";
import { storeCase } from "@/lib/cases/store-case";
import { findCourt } from "@/lib/courts/registry";
import { openDatabase } from "@/lib/db/open-database";
import { normalizeCase } from "@/lib/sources/normalize/normalize-case";
import { paymentSettingsFor, startLocalChain } from "../helpers/local-chain";
import type { ChainInfo } from "../helpers/next-server";
import { makePayer } from "../helpers/payer";
import { createPostgresDatabase, postgresAnswers } from "../helpers/postgres-database";
import { startNext } from "../helpers/start-next";
import { benchDocket } from "./cache";
import { startBareNext } from "./http";
import type { Row } from "./measure";

const CASE_ID = "1:15-cv-05000";
const REQUESTS = 120;
const CONCURRENCY = 4;
// The per-minute limit is 60 per wallet: enough wallets that the load never meets it.
const WALLETS = 6;

export async function runLiveHttpBench(): Promise<Row[]> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl || !(await postgresAnswers(adminUrl))) {
    return [{ name: "paid cached live case over HTTP (PostgreSQL)", value: "skipped: DATABASE_URL names no PostgreSQL that answers", target: "—", ok: true }];
  }
  const postgres = await createPostgresDatabase(adminUrl, "court_docket_bench_live");
  const chain = await startLocalChain(WALLETS + 2);
  try {
    const db = await openDatabase({ databaseUrl: postgres.url, migrate: true });
    const court = findCourt("nysd")!;
    await storeCase({ prisma: db.prisma, record: normalizeCase(court, CASE_ID, benchDocket(CASE_ID, 5_000)), source: "demo" });
    await db.close();

    const payTo = privateKeyToAccount(chain.privateKeys[1]!).address;
    const next = await startNext({
      build: false,
      stdio: "ignore",
      env: {
        DATABASE_URL: postgres.url,
        CASE_SOURCE: "demo",
        ...paymentSettingsFor(chain, payTo, chain.privateKeys[0]!),
        // The chain mines each transaction at once: receipts polled every 25 ms.
        X402_BLOCK_TIME_MS: "100",
        SIGNING_KEYS_ENCRYPTION_KEY: "77".repeat(32),
      },
    });
    try {
      const info: ChainInfo = { rpcUrl: chain.rpcUrl, chainId: chain.chain.id, network: chain.network, token: chain.token, payTo, privateKeys: chain.privateKeys };
      const payers = Array.from({ length: WALLETS }, (_, i) => makePayer(info, 2 + i));
      await Promise.all(payers.map((payer) => payer.mint(1_000_000_000n)));
      const url = `${next.baseUrl}/v2/case?case_id=${CASE_ID}&court_code=nysd&context=full`;
      const challenge = await fetch(url);
      const proofs = await Promise.all(Array.from({ length: REQUESTS + 3 * CONCURRENCY }, (_, i) => payers[i % WALLETS]!.paymentFor(challenge.clone())));
      // Warm-up: the first answers read the case into the instance's memory.
      const warm = await Promise.all(proofs.splice(0, CONCURRENCY).map((proof) => fetch(url, { headers: { "payment-signature": proof } })));
      const body = Buffer.from(await warm[0]!.arrayBuffer());
      if (warm.some((answer) => answer.status !== 200)) throw new Error(`a warm-up query answered ${warm.map((answer) => answer.status).join(", ")}`);

      let next402 = 0;
      const ours = await autocannon({
        url,
        connections: CONCURRENCY,
        amount: REQUESTS,
        requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, "payment-signature": proofs[next402++]! } }) }],
      });
      const bare = await startBareNext(false, { live: body });
      let baseline: autocannon.Result;
      try {
        baseline = await autocannon({ url: `${bare.baseUrl}/live`, connections: CONCURRENCY, amount: REQUESTS });
      } finally {
        await bare.stop();
      }
      const settled = ours["2xx"];
      const ratio = ours.requests.average / baseline.requests.average;
      return [
        {
          name: `paid GET /v2/case, cached live context=full case (5,000 entries, ${body.length} bytes, demo source, PostgreSQL), ${REQUESTS} requests, ${CONCURRENCY} at a time, each settled on a local chain`,
          value:
            `ours ${ours.requests.average.toFixed(0)} req/s (p50 ${ours.latency.p50} ms, p99 ${ours.latency.p99} ms, ${settled} answered 200), ` +
            `bare ${baseline.requests.average.toFixed(0)} req/s (p50 ${baseline.latency.p50} ms): ratio ${ratio.toFixed(2)}`,
          target: "every request answered 200 (the ratio is reported: the payment and its settlement are most of it)",
          ok: settled === REQUESTS && ours.errors === 0,
        },
      ];
    } finally {
      await next.stop();
    }
  } finally {
    await chain.stop();
    await postgres.drop();
  }
}

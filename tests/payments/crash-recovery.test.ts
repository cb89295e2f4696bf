// Issue 13's "charged, unanswered, unrecorded", for real: a chain that mines a block every 2 s (as Base
// does), 30 concurrent paid case queries with callbacks against the paid routes in a child process, the
// process SIGKILLed after the first answer, at the moment its next settlement transaction has entered the
// node's pool and before the node's answer reaches it (others queued or still at work), then started again
// on the same database. After the start-up reconciliation: every
// authorization used on chain has a `settled` row whose stored answer the same proof fetches (200, its
// PAYMENT-RESPONSE, no second charge), no delivery of an unpaid request is ever sent, and, once past
// validBefore, no reservation is left open. On PGlite (a data directory the process reopens) and PostgreSQL.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { parseAbi, parseEventLogs, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processDueDeliveries } from "@/lib/callbacks/process-due-deliveries";
import { openDatabase, type Database } from "@/lib/db/open-database";
import { resetEnvForTests } from "@/lib/env";
import { chainReaderFor } from "@/lib/payments/chain-reader";
import type { PaymentConfig } from "@/lib/payments/payment-config";
import { reconcilePayments } from "@/lib/payments/reconcile-payments";
import { startLocalChain, type LocalChain } from "../helpers/local-chain";
import type { ChainInfo } from "../helpers/next-server";
import { startPaidAppProcess, type PaidAppProcess } from "../helpers/paid-app-process";
import { chainClients, makePayer, type Payer } from "../helpers/payer";
import { createPostgresDatabase } from "../helpers/postgres-database";
import { freePort } from "../helpers/start-next";
import { demoCaseIds } from "../helpers/demo-case-ids";

const PRICE = 990_000n;
const BLOCK_MS = 2_000;
const PAYERS = 10;
const PER_PAYER = 3;
const ENCRYPTION_KEY = "77".repeat(32);
const tokenAbi = parseAbi([
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
]);

let chain: LocalChain;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ requestId: string }> = [];

beforeAll(async () => {
  chain = await startLocalChain(2 + 2 * (PAYERS + 2), { intervalMiningMs: BLOCK_MS });
  const port = await freePort();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      received.push({ requestId: body.payload.meta.request_id });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${port}/hooks`;
  process.env.SIGNING_KEYS_ENCRYPTION_KEY = ENCRYPTION_KEY;
  resetEnvForTests();
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await chain?.stop();
  delete process.env.SIGNING_KEYS_ENCRYPTION_KEY;
  resetEnvForTests();
});


interface Target {
  name: string;
  /** Environment of the app process for this database, and how the test opens it (only while the app is down on PGlite). */
  env: Record<string, string>;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dir = mkdtempSync(path.join(tmpdir(), "court-docket-crash-"));
  const dataDir = path.join(dir, "pglite");
  return {
    name: "pglite",
    env: { PGLITE_DATA_DIR: dataDir, DATABASE_URL: "" },
    open: () => openDatabase({ pgliteDataDir: dataDir, migrate: true }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const database = await createPostgresDatabase(adminUrl, "court_docket_crash");
  return {
    name: "postgres",
    env: { DATABASE_URL: database.url },
    open: () => openDatabase({ databaseUrl: database.url, migrate: true }),
    dispose: () => database.drop(),
  };
}

const targets: Array<[string, () => Promise<Target>]> = [["pglite", pgliteTarget]];
if (process.env.TEST_POSTGRES_URL) targets.push(["postgres", () => postgresTarget(process.env.TEST_POSTGRES_URL!)]);

describe.each(targets.map(([name, make], index) => [name, make, index] as const))("a server killed during settlement, on %s", (_name, makeTarget, index) => {
  let target: Target;
  let app: PaidAppProcess | undefined;
  let info: ChainInfo;
  let payers: Payer[];

  beforeAll(async () => {
    target = await makeTarget();
    const payTo = privateKeyToAccount(chain.privateKeys[1]!).address;
    // Each database's app settles from its own account, and its payers are its own.
    const facilitatorIndex = 2 + index * (PAYERS + 2);
    info = { rpcUrl: chain.rpcUrl, chainId: chain.chain.id, network: chain.network, token: chain.token, payTo, privateKeys: chain.privateKeys };
    target.env = {
      ...target.env,
      CASE_SOURCE: "demo",
      CALLBACK_ALLOW_PRIVATE_TARGETS: "1",
      SIGNING_KEYS_ENCRYPTION_KEY: ENCRYPTION_KEY,
      X402_NETWORK: chain.network,
      X402_ASSET: chain.token,
      X402_PAY_TO: payTo,
      X402_RPC_URL: chain.rpcUrl,
      X402_SETTLEMENT_PRIVATE_KEY: chain.privateKeys[facilitatorIndex]!,
      X402_BLOCK_TIME_MS: String(BLOCK_MS),
    };
    payers = Array.from({ length: PAYERS }, (_, i) => makePayer(info, facilitatorIndex + 1 + i));
    await Promise.all(payers.map((payer) => payer.mint(10_000_000n)));
  }, 120_000);

  afterAll(async () => {
    await app?.kill("SIGKILL");
    await target?.dispose();
  });

  it("charges nobody without an answer, sends no delivery of an unpaid request, and leaves nothing open", async () => {
    const { publicClient } = chainClients(info);
    const spentBefore = await Promise.all(payers.map((payer) => payer.balance()));
    app = await startPaidAppProcess(target.env);
    await app.reconciled;

    // 30 signed requests, each for its own case, each with a callback.
    const caseIds = demoCaseIds(20 + index, PAYERS * PER_PAYER);
    const urlFor = (caseId: string) => `${app!.baseUrl}/v2/case?case_id=${caseId}&court_code=nysd&callback_url=${encodeURIComponent(receiverUrl)}`;
    const challenge = await fetch(urlFor(caseIds[0]!));
    expect(challenge.status).toBe(402);
    const requests = await Promise.all(
      caseIds.map(async (caseId, i) => {
        const payer = payers[i % PAYERS]!;
        const url = urlFor(caseId);
        const proof = await payer.paymentFor(await fetch(url));
        const decoded = JSON.parse(Buffer.from(proof, "base64").toString("utf8"));
        return { caseId, url, proof, payer, nonce: decoded.payload.authorization.nonce as Hex };
      }),
    );

    // All at once. The server dies at an exact point: once a first request is answered, while its next
    // settlement transaction is in the node's pool and the node's answer to that broadcast is held (the test
    // chain's hook), so that transaction is mined while the server is down and its request was never
    // answered. Broadcasts are one at a time (settlement-sender.ts): the others are queued or still at work.
    let markAnswered: () => void = () => undefined;
    const firstAnswer = new Promise<void>((resolve) => (markAnswered = resolve));
    let broadcasts = 0;
    let killed: Promise<void> | undefined;
    chain.onBroadcast(async () => {
      broadcasts += 1;
      if (broadcasts !== 2) return;
      killed = (async () => {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([firstAnswer, new Promise((resolve) => (timer = setTimeout(resolve, 60_000)))]);
        clearTimeout(timer);
        await app!.kill("SIGKILL");
      })();
      await killed;
    });
    const answers = await Promise.all(
      requests.map(async (request) => {
        try {
          const response = await fetch(request.url, { headers: { "payment-signature": request.proof } });
          const body = await response.text();
          if (response.status === 200) markAnswered();
          return { status: response.status, body };
        } catch {
          return { status: 0, body: "" }; // the connection died with the server
        }
      }),
    );
    chain.onBroadcast(undefined);
    expect(broadcasts, `a second settlement should have been broadcast\n${app.output()}`).toBeGreaterThanOrEqual(2);
    await killed;
    expect(answers.filter((answer) => answer.status === 200).length, app.output()).toBeGreaterThan(0);

    // Transactions broadcast before the kill are mined while the server is down: wait until the settling
    // account has none left in the node's pool (its pending nonce is its mined one), three blocks at most as
    // before. Waiting out the three blocks whole (6 s a database) waited for blocks with nothing of ours in them.
    const settler = privateKeyToAccount(target.env.X402_SETTLEMENT_PRIVATE_KEY as Hex).address;
    const unmined = async () =>
      (await publicClient.getTransactionCount({ address: settler, blockTag: "pending" })) - (await publicClient.getTransactionCount({ address: settler, blockTag: "latest" }));
    for (const giveUpAt = Date.now() + 3 * BLOCK_MS; (await unmined()) > 0 && Date.now() < giveUpAt; ) {
      await new Promise((resolve) => setTimeout(resolve, BLOCK_MS / 8));
    }
    const used = await Promise.all(
      requests.map((request) =>
        publicClient.readContract({ address: info.token, abi: tokenAbi, functionName: "authorizationState", args: [request.payer.address, request.nonce] }),
      ),
    );
    // The case the issue measured: charged on chain, and the caller got no answer.
    const chargedUnanswered = requests.filter((_, i) => used[i] && answers[i]!.status !== 200);
    expect(chargedUnanswered.length, "the kill should fall between a broadcast and its answer").toBeGreaterThan(0);

    // Restart: the start-up reconciliation finishes what the chain says was paid.
    app = await startPaidAppProcess(target.env, Number(new URL(app.baseUrl).port));
    const summary = JSON.parse(await app.reconciled);
    expect(summary.error, app.output()).toBeUndefined();

    // Every paid request's proof fetches its stored answer: 200, its settlement, the same body, no charge.
    const spentMid = await Promise.all(payers.map((payer) => payer.balance()));
    for (const [i, request] of requests.entries()) {
      if (!used[i]) continue;
      const again = await fetch(request.url, { headers: { "payment-signature": request.proof } });
      const body = await again.text();
      expect(again.status, body).toBe(200);
      expect(JSON.parse(body).case_id).toBe(request.caseId);
      if (answers[i]!.status === 200) expect(body).toBe(answers[i]!.body);
      expect(decodePaymentResponseHeader(again.headers.get("payment-response")!)).toMatchObject({ success: true, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    }
    const spentAfter = await Promise.all(payers.map((payer) => payer.balance()));
    expect(spentAfter).toEqual(spentMid);
    const charged = spentBefore.reduce((sum, before, i) => sum + (before - spentAfter[i]!), 0n);
    expect(charged).toBe(BigInt(used.filter(Boolean).length) * PRICE);
    await app.kill("SIGTERM");

    const database = await target.open();
    try {
      const prisma = database.prisma;
      const logs = parseEventLogs({
        abi: tokenAbi,
        logs: await publicClient.getLogs({ address: info.token, fromBlock: 0n }),
        eventName: "AuthorizationUsed",
      });
      for (const [i, request] of requests.entries()) {
        const row = await prisma.paymentRecord.findFirst({ where: { authorizationNonce: request.nonce.toLowerCase() } });
        if (used[i]) {
          const event = logs.find((log) => log.args.nonce.toLowerCase() === request.nonce.toLowerCase() && log.args.authorizer.toLowerCase() === request.payer.address.toLowerCase());
          expect(row, `row of ${request.caseId}`).toMatchObject({ outcome: "settled", transactionHash: event!.transactionHash });
          expect(JSON.parse(row!.answer!).case_id).toBe(request.caseId);
        } else if (row) {
          expect(row.outcome).not.toBe("settled");
        }
      }
      // No held delivery is ever sent: the delivery runner attempts what is due, and only paid requests' arrive.
      const settledRequests = new Set((await prisma.paymentRecord.findMany({ where: { outcome: "settled" }, select: { requestId: true } })).map((row) => row.requestId));
      received.length = 0;
      await processDueDeliveries(prisma, () => new Date(), true);
      expect(received.length).toBe(settledRequests.size);
      for (const delivery of received) expect(settledRequests.has(delivery.requestId)).toBe(true);

      // Past every validBefore, nothing is left reserved or settling, and no held delivery remains.
      const later = new Date(Date.now() + 2 * 3_600_000);
      await reconcilePayments(prisma, {
        chain: chainReaderFor({ rpcUrl: chain.rpcUrl, asset: chain.token, chainId: chain.chain.id, network: chain.network } as PaymentConfig),
        now: later,
        blockTimeMs: BLOCK_MS,
        staleAfterMs: 0,
      });
      expect(await prisma.paymentRecord.count({ where: { outcome: { in: ["reserved", "settling"] } } })).toBe(0);
      expect(await prisma.callbackDelivery.count({ where: { status: "held" } })).toBe(0);
      const open = await prisma.paymentRecord.findMany({ where: { outcome: "released" }, select: { authorizationNonce: true } });
      for (const row of open) expect(used[requests.findIndex((request) => request.nonce.toLowerCase() === row.authorizationNonce)]).toBe(false);
    } finally {
      await database.close();
    }
  }, 300_000);
});

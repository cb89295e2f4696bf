// A wallet's key read asks the chain about the wallet's own unconfirmed settlements first
// (lib/payments/reconcile-wallet-payments.ts), but never waits on a node that does not answer: the key state
// comes from the ledger as it is once the short deadline has passed, and the rows stay for the reconciler.
import net from "node:net";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { getKeyState } from "@/lib/keys/get-key-state";
import { resetPaymentConfigForTests } from "@/lib/payments/payment-config";
import { WALLET_RECONCILE_DEADLINE_MS } from "@/lib/payments/reconcile-wallet-payments";
import { startPaidEnvironment, type PaidEnvironment } from "../helpers/paid-environment";

describe("a wallet's key read with a chain node that does not answer", () => {
  let environment: PaidEnvironment;
  let silent: net.Server;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    environment = await startPaidEnvironment({ accounts: 2 });
    // Accepts connections and never answers: each chain call waits for its own timeout (10 s, retried once).
    silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    silent?.close();
    await environment?.close();
  });

  it("answers from the ledger after its deadline, leaving the open settlements to the reconciler", async () => {
    const prisma = environment.opened.db.prisma;
    const wallet = `0x${"ab".repeat(20)}`;
    for (const index of [1, 2, 3]) {
      await prisma.paymentRecord.create({
        data: {
          nonceKey: `silent-node-${index}`,
          payer: wallet,
          amountBaseUnits: 990_000n,
          network: "eip155:84532",
          asset: "0x0",
          payTo: "0x0",
          endpoint: "POST /v2/wallet/keys",
          requestId: `req_silent_${index}`,
          outcome: "settling",
          authorizationNonce: `0x${randomBytes(32).toString("hex")}`,
          validBefore: new Date(Date.now() + 3_600_000),
          transactionHash: `0x${randomBytes(32).toString("hex")}`,
        },
      });
    }
    const rpcUrl = process.env.X402_RPC_URL;
    process.env.X402_RPC_URL = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    resetEnvForTests();
    resetPaymentConfigForTests();
    try {
      const started = Date.now();
      const state = await getKeyState({ prisma, wallet, meta: { request_id: "req_keys", queried_at: new Date().toISOString(), sandbox: false, tag: null }, queryCostUsd: 0.99, now: new Date() });
      // Not the three rows' chain timeouts one after another (a minute): the deadline, then the ledger.
      expect(Date.now() - started).toBeLessThan(WALLET_RECONCILE_DEADLINE_MS + 5_000);
      expect(state.current_key_id).toMatch(/^key_/);
      expect(await prisma.paymentRecord.count({ where: { payer: wallet, outcome: "settling" } })).toBe(3);
    } finally {
      process.env.X402_RPC_URL = rpcUrl;
      resetEnvForTests();
      resetPaymentConfigForTests();
    }
  }, 60_000);
});

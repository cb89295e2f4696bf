// The money path's edges, in-process with real x402 payments on a local chain, on PGlite and PostgreSQL:
// a lost answer fetched again with the same proof (never charged twice, never 402, only for the same
// request); concurrent first requests from new wallets (never 500); a payment network out of reach
// (503 payment_unavailable with Retry-After, never a refusal, no unhandled rejection).
import { decodePaymentResponseHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getCase } from "@/app/v2/case/route";
import { POST as postBatch } from "@/app/v2/cases/batch/route";
import { POST as postMcp } from "@/app/v2/mcp/route";
import { GET as getKeys } from "@/app/v2/wallet/keys/route";
import { resetEnvForTests } from "@/lib/env";
import { resetPaymentConfigForTests } from "@/lib/payments/payment-config";
import { startPaidEnvironment, withSettlementUnconfirmed, type PaidEnvironment } from "../helpers/paid-environment";
import type { Payer } from "../helpers/payer";
import { freePort } from "../helpers/start-next";
import { EACH_DATABASE } from "../helpers/test-database";
import { demoCaseIds } from "../helpers/demo-case-ids";

const PRICE = 990_000n;
const base = "http://localhost:3000";


describe.each(EACH_DATABASE)("the money path on %s", (_name, target) => {
  let environment: PaidEnvironment;
  let payer: Payer;
  const ids = demoCaseIds(22, 8);
  const caseUrl = (caseId: string, extra = "") => `${base}/v2/case?case_id=${caseId}&court_code=nysd${extra}`;
  const signed = async (url: string, who: Payer = payer) => who.paymentFor(await getCase(new Request(url)));
  const withProof = (url: string, proof: string, init: RequestInit = {}) =>
    new Request(url, { ...init, headers: { ...(init.headers as Record<string, string>), "payment-signature": proof } });

  beforeAll(async () => {
    environment = await startPaidEnvironment({ target, accounts: 40 });
    payer = await environment.payer(2);
  }, 120_000);
  afterAll(async () => {
    await environment?.close();
  });

  it("answers a proof presented again for the same request with its stored answer: one charge, never 402", async () => {
    const url = caseUrl(ids[0]!, "&context=full");
    const proof = await signed(url);
    const before = await payer.balance();
    const first = await getCase(withProof(url, proof));
    expect(first.status).toBe(200);
    const body = await first.text();
    const again = await getCase(withProof(url, proof));
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(body);
    expect(again.headers.get("x-request-id")).toBe(first.headers.get("x-request-id"));
    expect(again.headers.get("payment-response")).toBe(first.headers.get("payment-response"));
    expect(decodePaymentResponseHeader(again.headers.get("payment-response")!)).toMatchObject({ success: true });
    expect(before - (await payer.balance())).toBe(PRICE);

    // Another request with the same proof: refused, nothing moves.
    for (const other of [
      getCase(withProof(caseUrl(ids[1]!), proof)),
      getCase(withProof(caseUrl(ids[0]!), proof)), // the same case without context=full is another request
      postBatch(withProof(`${base}/v2/cases/batch`, proof, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ queries: [{ case_id: ids[0], court_code: "nysd" }] }) })),
    ]) {
      const refused = await other;
      expect(refused.status).toBe(402);
      expect((await refused.json()).error.message).toMatch(/already been used/);
    }
    expect(before - (await payer.balance())).toBe(PRICE);
  });

  it("counts a proof presented again against its wallet's per-minute limit: one payment does not fetch its answer without bound", async () => {
    const replayer = await environment.payer(30);
    const url = caseUrl(ids[7]!, "&context=basic");
    const proof = await signed(url, replayer);
    const saved = process.env.RATE_LIMIT_PER_MINUTE;
    process.env.RATE_LIMIT_PER_MINUTE = "3";
    resetEnvForTests();
    try {
      const before = await replayer.balance();
      const statuses: number[] = [];
      for (let request = 0; request < 5; request += 1) statuses.push((await getCase(withProof(url, proof))).status);
      // The first presentation and two copies fit in three a minute; the next copies wait.
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const refused = await getCase(withProof(url, proof));
      const body = await refused.json();
      expect(body.error).toMatchObject({ code: "rate_limited", retry_after: expect.any(Number) });
      // Not "nothing was charged": the answer is paid for and kept, and the same payment fetches it later.
      expect(body.error.message).toMatch(/already charged for this request and its answer is kept until .*: repeat the request with the same payment in \d+ s/);
      expect(body.error.message).not.toMatch(/Nothing was charged/);
      expect(Number(refused.headers.get("retry-after"))).toBe(body.error.retry_after);
      // An answer its payer was told to come back for (a 503 while the settlement confirmed) is handed out
      // the first time whatever the count: the payer did as told.
      await environment.opened.db.prisma.$executeRawUnsafe(
        "UPDATE payment_records SET answer_awaited_since = now() WHERE payer = $1 AND outcome = 'settled'",
        replayer.address.toLowerCase(),
      );
      expect((await getCase(withProof(url, proof))).status).toBe(200);
      expect((await getCase(withProof(url, proof))).status).toBe(429);
      expect(before - (await replayer.balance())).toBe(PRICE);
    } finally {
      if (saved === undefined) delete process.env.RATE_LIMIT_PER_MINUTE;
      else process.env.RATE_LIMIT_PER_MINUTE = saved;
      resetEnvForTests();
    }
  });

  it("answers the same MCP tool call with the same payment_tx from the stored answer, and refuses it for other arguments", async () => {
    const call = (args: Record<string, unknown>) =>
      postMcp(new Request(`${base}/v2/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "service_case_monitor", arguments: args } }),
      })).then((response) => response.json());
    const args = { case_id: ids[3], court_code: "nysd", last_checked: "2026-01-01T00:00:00Z" };
    const unpaid = await call(args);
    const accepts = unpaid.error.data.payment_requirements;
    const payload = await payer.client.createPaymentPayload({ x402Version: 2, resource: { url: `${base}/v2/mcp#service_case_monitor`, description: "A monitor check", mimeType: "application/json" }, accepts });
    const paymentTx = Buffer.from(JSON.stringify(payload)).toString("base64");
    const before = await payer.balance();
    const first = await call({ ...args, payment_tx: paymentTx });
    expect(first.result.structuredContent).toMatchObject({ case_id: ids[3] });
    const again = await call({ ...args, payment_tx: paymentTx });
    expect(again.result.structuredContent).toEqual(first.result.structuredContent);
    const other = await call({ ...args, last_checked: "2026-02-01T00:00:00Z", payment_tx: paymentTx });
    expect(other.error.data).toMatchObject({ code: "payment_required", message: expect.stringMatching(/already been used/) });
    expect(before - (await payer.balance())).toBe(PRICE);
  });

  it("gives concurrent copies of one proof the one paid answer", async () => {
    const url = caseUrl(ids[2]!);
    const proof = await signed(url);
    const before = await payer.balance();
    const answers = await Promise.all(Array.from({ length: 8 }, () => getCase(withProof(url, proof))));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(new Set(await Promise.all(answers.map((answer) => answer.text()))).size).toBe(1);
    expect(before - (await payer.balance())).toBe(PRICE);
  });

  it("stores the answer with its settled payment, and a batch's too", async () => {
    const body = JSON.stringify({ queries: [{ case_id: ids[3], court_code: "nysd" }, { case_id: ids[4], court_code: "nysd" }] });
    const init = { method: "POST", headers: { "content-type": "application/json" }, body };
    const challenge = await postBatch(new Request(`${base}/v2/cases/batch`, init));
    const proof = await payer.paymentFor(challenge);
    const first = await postBatch(withProof(`${base}/v2/cases/batch`, proof, init));
    expect(first.status).toBe(200);
    const text = await first.text();
    const row = await environment.opened.db.prisma.paymentRecord.findFirst({ where: { requestId: first.headers.get("x-request-id")! } });
    expect(row).toMatchObject({ outcome: "settled", succeededQueries: 2, quotaQueries: 2, answer: text, transactionHash: expect.stringMatching(/^0x/) });
    expect(row!.answerExpiresAt!.getTime() - row!.settledAt!.getTime()).toBeGreaterThan(23 * 3_600_000);
    const again = await postBatch(withProof(`${base}/v2/cases/batch`, proof, init));
    expect(await again.text()).toBe(text);
  });

  it("never answers 500 to concurrent first requests of new wallets with callbacks", async () => {
    const WALLETS = 8;
    const PER_WALLET = 5;
    const wallets = await Promise.all(Array.from({ length: WALLETS }, (_, i) => environment.payer(10 + i)));
    const callback = `&callback_url=${encodeURIComponent("http://127.0.0.1:9/hook")}`;
    // Every request signed first, then all sent at once: each wallet's first contact is several requests.
    const requests = await Promise.all(
      wallets.flatMap((wallet, w) => [
        ...Array.from({ length: PER_WALLET }, (_, i) => {
          const url = caseUrl(ids[(w + i) % ids.length]!, `${callback}&context=${i % 2 === 0 ? "basic" : "full"}`);
          return signed(url, wallet).then((proof) => () => getCase(withProof(url, proof)));
        }),
        getKeys(new Request(`${base}/v2/wallet/keys`))
          .then((challenge) => wallet.paymentFor(challenge))
          .then((proof) => () => getKeys(withProof(`${base}/v2/wallet/keys`, proof))),
      ]),
    );
    const answers = await Promise.all(requests.map((send) => send()));
    const statuses = await Promise.all(answers.map(async (answer) => `${answer.status} ${answer.status === 200 ? "" : await answer.text()}`));
    expect(statuses.filter((status) => !status.startsWith("200"))).toEqual([]);
    const prisma = environment.opened.db.prisma;
    const addresses = wallets.map((wallet) => wallet.address.toLowerCase());
    expect(await prisma.wallet.count({ where: { address: { in: addresses } } })).toBe(WALLETS);
    expect(await prisma.callbackDelivery.count({ where: { walletAddress: { in: addresses }, status: "pending" } })).toBe(WALLETS * PER_WALLET);
    expect(await prisma.signingKey.count({ where: { walletAddress: { in: addresses } } })).toBe(WALLETS);
  }, 120_000);

  it("answers 503 payment_unavailable with Retry-After when the chain's node cannot be reached, and charges nothing", async () => {
    const url = caseUrl(ids[1]!, "&context=basic");
    const proof = await signed(url);
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    const rpcUrl = process.env.X402_RPC_URL!;
    try {
      process.env.X402_RPC_URL = `http://127.0.0.1:${await freePort()}`;
      resetEnvForTests();
      resetPaymentConfigForTests();
      const before = await payer.balance();
      const answer = await getCase(withProof(url, proof));
      const body = await answer.json();
      expect(answer.status, JSON.stringify(body)).toBe(503);
      expect(body.error).toMatchObject({ code: "payment_unavailable", retry_after: expect.any(Number) });
      expect(body.error.message).not.toMatch(/signature/);
      expect(Number(answer.headers.get("retry-after"))).toBe(body.error.retry_after);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(rejections).toEqual([]);
      expect(await payer.balance()).toBe(before);
    } finally {
      process.off("unhandledRejection", onRejection);
      process.env.X402_RPC_URL = rpcUrl;
      resetEnvForTests();
      resetPaymentConfigForTests();
    }
    // The node is back: the same payment is good.
    const retried = await getCase(withProof(url, proof));
    expect(retried.status).toBe(200);
  });

  it("after a 503 while its settlement confirmed, the same request with a NEW payment gets the answer paid for, once: charged once", async () => {
    // What @x402/fetch does: it signs a new payment for every call, also for the repeat a 503 asks for.
    // With a callback: the request's delivery is held until its payment is decided, not dropped by the 503.
    const url = caseUrl(ids[6]!, `&context=basic&callback_url=${encodeURIComponent("https://agent.example.com/hook")}`);
    const before = await payer.balance();
    const first = await withSettlementUnconfirmed(environment, async () => {
      const answer = await getCase(withProof(url, await signed(url)));
      const body = await answer.clone().json();
      expect(answer.status, JSON.stringify(body)).toBe(503);
      expect(body.error.message).toMatch(/sent to the chain and is not confirmed yet/);
      return answer;
    });
    expect(before - (await payer.balance())).toBe(PRICE);

    const repeat = await getCase(withProof(url, await signed(url)));
    expect(repeat.status, await repeat.clone().text()).toBe(200);
    // The answer of the request that paid, with its settlement; the new payment is never settled.
    expect(repeat.headers.get("x-request-id")).toBe(first.headers.get("x-request-id"));
    expect(decodePaymentResponseHeader(repeat.headers.get("payment-response")!)).toMatchObject({ success: true });
    expect(before - (await payer.balance())).toBe(PRICE);
    // Paid after all: its callback delivery is released to be sent (it was deleted with the 503).
    const deliveries = await environment.opened.db.prisma.callbackDelivery.findMany({ where: { requestId: first.headers.get("x-request-id")! } });
    expect(deliveries.map((delivery) => delivery.status)).toEqual(["pending"]);

    // Handed out once: asking the same again later is a new question, paid and answered anew.
    const later = await getCase(withProof(url, await signed(url)));
    expect(later.status).toBe(200);
    expect(later.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(before - (await payer.balance())).toBe(2n * PRICE);
    // Another payer asking the same request never gets this payer's answer.
    const other = await environment.payer(3);
    const theirs = await getCase(withProof(url, await signed(url, other)));
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  }, 90_000);

  it("answers 503 payment_unavailable when a remote facilitator cannot be reached", async () => {
    const url = caseUrl(ids[2]!, "&context=basic");
    const proof = await signed(url);
    const saved = { rpc: process.env.X402_RPC_URL, key: process.env.X402_SETTLEMENT_PRIVATE_KEY };
    try {
      delete process.env.X402_RPC_URL;
      delete process.env.X402_SETTLEMENT_PRIVATE_KEY;
      process.env.X402_FACILITATOR_URL = `http://127.0.0.1:${await freePort()}`;
      resetEnvForTests();
      resetPaymentConfigForTests();
      const answer = await getCase(withProof(url, proof));
      const body = await answer.json();
      expect(answer.status, JSON.stringify(body)).toBe(503);
      expect(body.error.code).toBe("payment_unavailable");
      expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      delete process.env.X402_FACILITATOR_URL;
      process.env.X402_RPC_URL = saved.rpc;
      process.env.X402_SETTLEMENT_PRIVATE_KEY = saved.key;
      resetEnvForTests();
      resetPaymentConfigForTests();
    }
  });
});

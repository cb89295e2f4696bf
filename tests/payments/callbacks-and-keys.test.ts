// Paid wallet endpoints and callback deliveries end to end, in-process: real x402 payments on a local
// chain, the route handlers, the real database, a real receiver over HTTP. The delivery function's own
// schedule is tested in tests/inngest/deliver-callback.test.ts; here its steps are run as Inngest would.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyDelivery } from "@/contract/callbacks/verify-delivery.ts";
import {
  callbackDeliveryBodySchema,
  walletDeliveriesResponseSchema,
  walletKeyRotationResponseSchema,
  walletKeysResponseSchema,
  type WalletKeyRotationResponse,
} from "@/contract";
import { GET as getCase } from "@/app/v2/case/route";
import { POST as postBatch } from "@/app/v2/cases/batch/route";
import { GET as getDeliveries } from "@/app/v2/wallet/deliveries/route";
import { GET as getKeys, POST as rotateKeys } from "@/app/v2/wallet/keys/route";
import { attemptDelivery } from "@/lib/callbacks/attempt-delivery";
import { currentSigningKey } from "@/lib/keys/current-signing-key";
import { findCourt } from "@/lib/courts/registry";
import { generateDemoCase } from "@/lib/sources/demo/generate-case";
import { startPaidEnvironment, withSettlementUnconfirmed, type PaidEnvironment } from "../helpers/paid-environment";
import type { Payer } from "../helpers/payer";
import { freePort } from "../helpers/start-next";

let environment: PaidEnvironment;
let payer: Payer;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ headers: IncomingMessage["headers"]; body: string }> = [];

const demoIds = (wanted: "found" | "not_found", count: number) => {
  const ids: string[] = [];
  for (let number = 1; ids.length < count; number += 1) {
    const id = `1:26-cv-${String(number).padStart(5, "0")}`;
    if (generateDemoCase(findCourt("nysd")!, id, new Date(), { downCourts: new Set() }).kind === wanted) ids.push(id);
  }
  return ids;
};
const [caseA, caseB] = demoIds("found", 2);
const [missing] = demoIds("not_found", 1);

beforeAll(async () => {
  environment = await startPaidEnvironment();
  payer = await environment.payer(2);
  const port = await freePort();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${port}/hooks/dockets`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await environment?.close();
});

/** Ask, pay with the official client's payload, repeat: a paid call to an in-process route handler. */
async function paid(handler: (request: Request) => Promise<Response>, url: string, init: RequestInit = {}, who: Payer = payer): Promise<Response> {
  const challenge = await handler(new Request(url, init));
  if (challenge.status !== 402) return challenge;
  const proof = await who.paymentFor(challenge);
  return handler(new Request(url, { ...init, headers: { ...(init.headers as Record<string, string>), "payment-signature": proof } }));
}

const base = "http://localhost:3000";

describe("wallet signing keys, paid", () => {
  let rotation: WalletKeyRotationResponse;

  it("provisions a key for the paying wallet on its first GET, without its secret", async () => {
    const answer = await paid(getKeys, `${base}/v2/wallet/keys`);
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(walletKeysResponseSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ wallet: payer.address.toLowerCase(), previous_key_id: null, meta: { query_cost_usd: 0.99, sandbox: false } });
    expect(JSON.stringify(body)).not.toMatch(/secret/);
  });

  it("rotates on POST: the secret once, the old key as previous for 30 minutes", async () => {
    const before = (await (await paid(getKeys, `${base}/v2/wallet/keys`)).json()).current_key_id;
    const answer = await paid(rotateKeys, `${base}/v2/wallet/keys`, { method: "POST" });
    expect(answer.status).toBe(200);
    rotation = await answer.json();
    expect(walletKeyRotationResponseSchema.safeParse(rotation).success).toBe(true);
    expect(rotation).toMatchObject({ previous_key_id: before, new_key_secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(Date.parse(rotation.previous_key_valid_until!) - Date.parse(rotation.new_key_created_at)).toBe(30 * 60_000);
    const after = await (await paid(getKeys, `${base}/v2/wallet/keys`)).json();
    expect(after).toMatchObject({ current_key_id: rotation.new_key_id, previous_key_id: before });
  });

  it("delivers a signed copy of a paid case query to its callback_url, verifiable with the wallet's secret", async () => {
    received.length = 0;
    const answer = await paid(getCase, `${base}/v2/case?case_id=${caseA}&court_code=nysd&callback_url=${encodeURIComponent(receiverUrl)}`);
    expect(answer.status).toBe(200);
    const body = await answer.text();
    const requestId = answer.headers.get("x-request-id")!;
    // The record was written before the answer; handing it to Inngest failed here (no Inngest), so it waits.
    const [delivery] = await environment.opened.db.prisma.callbackDelivery.findMany({ where: { requestId } });
    expect(delivery).toMatchObject({ status: "pending", attempts: 0, walletAddress: payer.address.toLowerCase(), callbackUrl: receiverUrl, dispatchedAt: null });

    // Run the delivery's first step, as the Inngest function (or the sweep) would.
    await attemptDelivery({ prisma: environment.opened.db.prisma, deliveryId: delivery!.id, attempt: 1, now: () => new Date(), allowPrivateTargets: true });
    expect(received).toHaveLength(1);
    const verified = verifyDelivery({
      rawBody: received[0]!.body,
      headers: received[0]!.headers as Record<string, string>,
      secrets: [{ keyId: rotation.new_key_id, secret: rotation.new_key_secret }],
    });
    expect(verified.ok).toBe(true);
    expect(JSON.parse(received[0]!.body).payload).toEqual(JSON.parse(body));
    // What the contract tells receivers the body is.
    expect(callbackDeliveryBodySchema.parse(JSON.parse(received[0]!.body)).webhook.event_type).toBe("case_query_complete");

    const history = await paid(getDeliveries, `${base}/v2/wallet/deliveries?status=succeeded`);
    const page = await history.json();
    expect(walletDeliveriesResponseSchema.safeParse(page).success).toBe(true);
    expect(page.deliveries).toEqual([
      expect.objectContaining({ delivery_id: delivery!.id, case_id: caseA, court_code: "nysd", status: "succeeded", attempts: 1, last_response_code: 200, idempotency_key: delivery!.idempotencyKey }),
    ]);
  });

  it("makes one delivery per successful batch query that names a callback_url, none for failed ones", async () => {
    const body = JSON.stringify({
      queries: [
        { case_id: caseB, court_code: "nysd", callback_url: receiverUrl },
        { case_id: missing, court_code: "nysd", callback_url: receiverUrl },
        { case_id: caseA, court_code: "nysd" },
      ],
    });
    const answer = await paid(postBatch, `${base}/v2/cases/batch`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(answer.status).toBe(200);
    const deliveries = await environment.opened.db.prisma.callbackDelivery.findMany({ where: { requestId: answer.headers.get("x-request-id")! } });
    expect(deliveries.map((delivery) => delivery.caseId)).toEqual([caseB]);
  });

  it("makes no delivery when the query failed, or when its payment could not be settled", async () => {
    const notFound = await paid(getCase, `${base}/v2/case?case_id=${missing}&court_code=nysd&callback_url=${encodeURIComponent(receiverUrl)}`);
    expect(notFound.status).toBe(404);
    expect(await environment.opened.db.prisma.callbackDelivery.count({ where: { requestId: notFound.headers.get("x-request-id")! } })).toBe(0);

    // A wallet with exactly one query's worth signs two payments: both verify, only one can settle.
    const poor = await environment.payer(3, 990_000n);
    const url = `${base}/v2/case?case_id=${caseA}&court_code=nysd&callback_url=${encodeURIComponent(receiverUrl)}`;
    const challenge = await getCase(new Request(url));
    const proofs = [await poor.paymentFor(challenge.clone()), await poor.paymentFor(challenge.clone())];
    const answers = await Promise.all(proofs.map((proof) => getCase(new Request(url, { headers: { "payment-signature": proof } }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 402]);
    const refused = answers.find((answer) => answer.status === 402)!;
    expect((await refused.json()).error.message).toMatch(/not delivered/);
    expect(await environment.opened.db.prisma.callbackDelivery.count({ where: { requestId: refused.headers.get("x-request-id")! } })).toBe(0);
    const served = answers.find((answer) => answer.status === 200)!;
    expect(await environment.opened.db.prisma.callbackDelivery.count({ where: { requestId: served.headers.get("x-request-id")! } })).toBe(1);
  });

  it("leaves a wallet's keys as they were when a rotation's payment cannot be settled: only the paid rotation takes effect", async () => {
    // A wallet with one query's worth signs two rotations: both verify, only one can settle.
    const poor = await environment.payer(5, 990_000n);
    const wallet = poor.address.toLowerCase();
    const url = `${base}/v2/wallet/keys`;
    const challenge = await rotateKeys(new Request(url, { method: "POST" }));
    const proofs = [await poor.paymentFor(challenge.clone()), await poor.paymentFor(challenge.clone())];
    const answers = await Promise.all(proofs.map((proof) => rotateKeys(new Request(url, { method: "POST", headers: { "payment-signature": proof } }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 402]);
    expect((await answers.find((answer) => answer.status === 402)!.json()).error.message).toMatch(/not delivered/);
    const rotation: WalletKeyRotationResponse = await answers.find((answer) => answer.status === 200)!.json();
    // The refused rotation's key, whose secret nobody received, is gone; deliveries sign with the paid one's.
    const prisma = environment.opened.db.prisma;
    expect(await prisma.signingKey.findMany({ where: { walletAddress: wallet }, select: { id: true } })).toEqual([{ id: rotation.new_key_id }]);
    expect(await currentSigningKey(prisma, wallet, new Date())).toEqual({ keyId: rotation.new_key_id, secret: rotation.new_key_secret });
  });

  it("shows a wallet only its own deliveries", async () => {
    const stranger = await environment.payer(4);
    const page = await (await paid(getDeliveries, `${base}/v2/wallet/deliveries`, {}, stranger)).json();
    expect(page).toMatchObject({ wallet: stranger.address.toLowerCase(), deliveries: [], next_cursor: null });
  });

  it("refuses callback_url in the sandbox, where deliveries are not made", async () => {
    const answer = await getCase(new Request(`${base}/v2/case?case_id=1:22-cr-00123&court_code=dcd&test=1&callback_url=${encodeURIComponent(receiverUrl)}`));
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).toMatchObject({ code: "invalid_parameter", parameter: "callback_url" });
  });
});

describe("wallet answers are the wallet's own", () => {
  // A settled proof is public (the settlement's calldata holds the authorization and its signature), so
  // answers that are the wallet's own are never kept for the same proof to fetch again.
  it.each([
    ["a rotation's secret", () => rotateKeys, { method: "POST" }, "/v2/wallet/keys"],
    ["the key state", () => getKeys, {}, "/v2/wallet/keys"],
    ["the delivery history", () => getDeliveries, {}, "/v2/wallet/deliveries"],
  ] as const)("never keeps %s: the same payment again is refused as used, nothing moved", async (_name, handler, init, path) => {
    const url = `${base}${path}`;
    const proof = await payer.paymentFor(await handler()(new Request(url, init)));
    const first = await handler()(new Request(url, { ...init, headers: { "payment-signature": proof } }));
    expect(first.status).toBe(200);
    const text = await first.text();
    const row = await environment.opened.db.prisma.paymentRecord.findFirst({ where: { requestId: first.headers.get("x-request-id")! } });
    expect(row).toMatchObject({ outcome: "settled", answer: null });
    const before = await payer.balance();
    const again = await handler()(new Request(url, { ...init, headers: { "payment-signature": proof } }));
    const body = await again.json();
    expect(again.status, JSON.stringify(body)).toBe(402);
    expect(body.error.code).toBe("payment_required");
    // The refusal carries nothing of the first answer (a rotation's secret above all).
    expect(body).not.toHaveProperty("wallet");
    const secret = (JSON.parse(text) as { new_key_secret?: string }).new_key_secret;
    if (secret) expect(JSON.stringify(body)).not.toContain(secret);
    expect(await payer.balance()).toBe(before);
  });

  it("delivers a rotation whose settlement is not confirmed in time (no copy to fetch later), charged once it is mined", async () => {
    const url = `${base}/v2/wallet/keys`;
    const proof = await payer.paymentFor(await rotateKeys(new Request(url, { method: "POST" })));
    const before = await payer.balance();
    const wallet = payer.address.toLowerCase();
    const keyBefore = (await currentSigningKey(environment.opened.db.prisma, wallet, new Date())).keyId;
    // No blocks while it settles, and a short wait for the receipt.
    const rotation = await withSettlementUnconfirmed(environment, async () => {
      const answer = await rotateKeys(new Request(url, { method: "POST", headers: { "payment-signature": proof } }));
      expect(answer.status, await answer.clone().text()).toBe(200);
      const rotated = walletKeyRotationResponseSchema.parse(await answer.json());
      expect(rotated.new_key_secret).toMatch(/^[0-9a-f]{64}$/);
      const row = await environment.opened.db.prisma.paymentRecord.findFirst({ where: { requestId: answer.headers.get("x-request-id")! } });
      expect(row).toMatchObject({ outcome: "settling", answer: null, transactionHash: expect.stringMatching(/^0x/) });
      expect(await payer.balance()).toBe(before);
      // Not paid yet: deliveries keep signing with the key the wallet had.
      expect((await currentSigningKey(environment.opened.db.prisma, wallet, new Date())).keyId).toBe(keyBefore);
      return rotated;
    });
    expect(before - (await payer.balance())).toBe(990_000n);
    // Before any reconciler run, the wallet's next key read asks the chain about its own open settlement:
    // the rotation it paid for is in effect in that answer (it showed the old key until the cron came).
    const keysUrl = `${base}/v2/wallet/keys`;
    const read = await getKeys(new Request(keysUrl, { headers: { "payment-signature": await payer.paymentFor(await getKeys(new Request(keysUrl))) } }));
    expect(read.status, await read.clone().text()).toBe(200);
    expect(await read.json()).toMatchObject({ current_key_id: rotation.new_key_id, previous_key_id: keyBefore });
    expect(await currentSigningKey(environment.opened.db.prisma, wallet, new Date())).toEqual({ keyId: rotation.new_key_id, secret: rotation.new_key_secret });
    expect(before - (await payer.balance())).toBe(2n * 990_000n);
  }, 60_000);
});

// The reconciliation cron on Inngest (@inngest/test runs the real step body) against a real chain and database:
// a payment a crash left `settling` whose authorization was used on chain becomes settled and releases its held
// delivery; a reservation whose request died is released, its daily quota given back, its delivery deleted.
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcilePaymentsCron } from "@/inngest/functions/reconcile-payments";
import { GET as getCase } from "@/app/v2/case/route";
import { findCourt } from "@/lib/courts/registry";
import { utcDayStart } from "@/lib/limits/reserve-daily-quota";
import { generateDemoCase } from "@/lib/sources/demo/generate-case";
import { startPaidEnvironment, type PaidEnvironment } from "../helpers/paid-environment";

let environment: PaidEnvironment;
beforeAll(async () => {
  environment = await startPaidEnvironment();
}, 120_000);
afterAll(async () => {
  await environment?.close();
});

const caseId = (() => {
  for (let number = 1; ; number += 1) {
    const id = `1:18-cv-${String(number).padStart(5, "0")}`;
    if (generateDemoCase(findCourt("nysd")!, id, new Date(), { downCourts: new Set() }).kind === "found") return id;
  }
})();

describe("reconcile-payments", () => {
  it("settles from the chain what a crash left settling, and releases what a dead request left reserved", async () => {
    const prisma = environment.opened.db.prisma;
    const payer = await environment.payer(2);
    const url = `http://localhost:3000/v2/case?case_id=${caseId}&court_code=nysd&callback_url=${encodeURIComponent("http://127.0.0.1:9/hook")}`;
    const answer = await getCase(new Request(url, { headers: { "payment-signature": await payer.paymentFor(await getCase(new Request(url))) } }));
    expect(answer.status).toBe(200);
    const paidRequest = answer.headers.get("x-request-id")!;
    // As a crash after the broadcast would have left it: settling, its delivery held.
    await prisma.$executeRawUnsafe(`UPDATE payment_records SET outcome = 'settling', settled_at = NULL, updated_at = now() - interval '20 minutes' WHERE request_id = $1`, paidRequest);
    await prisma.$executeRawUnsafe(`UPDATE callback_deliveries SET status = 'held' WHERE request_id = $1`, paidRequest);

    // A reservation whose request died 20 minutes ago, with a day's quota and a held delivery.
    const payer2 = "0x00000000000000000000000000000000000000b2";
    const dayStart = utcDayStart(new Date());
    await prisma.$executeRawUnsafe(
      `INSERT INTO payment_records (id, nonce_key, payer, amount_base_units, network, asset, pay_to, endpoint, request_id, outcome, authorization_nonce, valid_before, quota_day, quota_queries, updated_at)
       VALUES (gen_random_uuid(), 'dead-request', $1, 990000, 'eip155:84532', '0x0', '0x0', 'GET /v2/case', 'req_dead', 'reserved', $2, now() + interval '1 minute', $3::timestamptz, 1, now() - interval '20 minutes')`,
      payer2,
      `0x${"ab".repeat(32)}`,
      dayStart.toISOString(),
    );
    await prisma.$executeRawUnsafe(
      `INSERT INTO rate_limit_counters (subject, "window", window_start, count, expires_at) VALUES ($1, 'day', $2::timestamptz, 1, now() + interval '2 days')`,
      `wallet:${payer2}`,
      dayStart.toISOString(),
    );
    await prisma.$executeRawUnsafe(`INSERT INTO wallets (address) VALUES ($1)`, payer2);
    await prisma.callbackDelivery.create({
      data: { id: "dlv_dead", walletAddress: payer2, requestId: "req_dead", callbackUrl: "https://example.org/hook", status: "held", idempotencyKey: crypto.randomUUID(), body: "{}" },
    });

    const engine = new InngestTestEngine({ function: reconcilePaymentsCron });
    const { result } = await engine.execute();
    expect(result).toMatchObject({ settled: 1, released: 1 });

    expect(await prisma.paymentRecord.findFirst({ where: { requestId: paidRequest } })).toMatchObject({ outcome: "settled", transactionHash: expect.stringMatching(/^0x/) });
    expect(await prisma.callbackDelivery.findMany({ where: { requestId: paidRequest }, select: { status: true } })).toEqual([{ status: "pending" }]);
    expect(await prisma.paymentRecord.findUnique({ where: { nonceKey: "dead-request" } })).toMatchObject({ outcome: "released" });
    expect(await prisma.callbackDelivery.count({ where: { requestId: "req_dead" } })).toBe(0);
    const counter = await prisma.rateLimitCounter.findFirst({ where: { subject: `wallet:${payer2}` } });
    expect(counter?.count).toBe(0);
  }, 60_000);
});

// An authorization that expires before the work and its settlement can be done: verified, worked for, then
// unsettleable (nothing charged), it let a wallet holding the price once have court fetches made for it free,
// again and again. It is refused before the work, with nothing charged and nothing reserved; one signed for
// the time the service asks for is served. Real chain, real facilitator, the official x402 client.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getCase } from "@/app/v2/case/route";
import { demoCaseIds } from "../helpers/demo-case-ids";
import { startPaidEnvironment, type PaidEnvironment } from "../helpers/paid-environment";
import type { Payer } from "../helpers/payer";

let environment: PaidEnvironment;
let payer: Payer;
const [caseId] = demoCaseIds(19, 1);
const url = `http://localhost:3000/v2/case?case_id=${caseId}&court_code=nysd`;

beforeAll(async () => {
  environment = await startPaidEnvironment();
  payer = await environment.payer(3);
}, 120_000);
afterAll(async () => {
  await environment?.close();
});

/** Signed for `seconds` of validity instead of the maxTimeoutSeconds asked. */
const lasting = (seconds: number) => (required: any) => ({ ...required, accepts: required.accepts.map((terms: any) => ({ ...terms, maxTimeoutSeconds: seconds })) });

describe("an authorization that expires too soon", () => {
  it.each([
    ["x402 v2", async (seconds: number) => ({ "payment-signature": await payer.paymentFor(await getCase(new Request(url)), lasting(seconds)) })],
    ["x402 v1", async (seconds: number) => {
      const body = await (await getCase(new Request(url))).json();
      return { "x-payment": await payer.v1PaymentFor(lasting(seconds)(body)) };
    }],
  ])("is refused before the work over %s, nothing charged or reserved", async (_name, sign) => {
    const before = await payer.balance();
    // 100 s: under the 150 s needed, and far from expiring however slow the machine (an expired one is refused
    // by the facilitator too, which would not show this rule).
    const response = await getCase(new Request(url, { headers: await sign(100) }));
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(402);
    expect(body.error.code).toBe("payment_required");
    expect(body.error.message).toMatch(/expires in \d+ s .*too soon.*at least 150 s.*Nothing was charged/);
    expect(response.headers.get("payment-required")).toBeTruthy();
    expect(await payer.balance()).toBe(before);
    expect(await environment.opened.db.prisma.paymentRecord.count({ where: { payer: payer.address.toLowerCase() } })).toBe(0);
  });

  it("is served when signed for the time asked", async () => {
    const before = await payer.balance();
    const response = await getCase(new Request(url, { headers: { "payment-signature": await payer.paymentFor(await getCase(new Request(url))) } }));
    expect(response.status, await response.clone().text()).toBe(200);
    expect(before - (await payer.balance())).toBe(990_000n);
    // The ledger is read by the same payer as above: its refusals left no row, this payment one.
    expect(await environment.opened.db.prisma.paymentRecord.count({ where: { payer: payer.address.toLowerCase() } })).toBe(1);
  });

  it("still fetches the answer it paid for when presented again with less than half its time left", async () => {
    // An agent repeating the very proof that paid (a lost answer, a 503 while settling) is never refused by
    // this rule: the stored answer comes first, never a 402 for an answer already charged.
    const other = `http://localhost:3000/v2/case?case_id=${demoCaseIds(19, 2)[1]}&court_code=nysd`;
    const proof = await payer.paymentFor(await getCase(new Request(other)));
    const first = await getCase(new Request(other, { headers: { "payment-signature": proof } }));
    expect(first.status, await first.clone().text()).toBe(200);
    const before = await payer.balance();
    const realNow = Date.now();
    vi.spyOn(Date, "now").mockImplementation(() => realNow + 200_000);
    try {
      const again = await getCase(new Request(other, { headers: { "payment-signature": proof } }));
      expect(again.status, await again.clone().text()).toBe(200);
      expect(await again.text()).toBe(await first.text());
      expect(again.headers.get("payment-response")).toBe(first.headers.get("payment-response"));
    } finally {
      vi.restoreAllMocks();
    }
    expect(await payer.balance()).toBe(before);
  });
});

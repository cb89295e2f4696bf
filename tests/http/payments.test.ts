// x402 for real: `next start` verifies and settles on a local chain with its in-process facilitator, and
// the official client (`@x402/fetch`) pays. Balances are read on-chain: the price moves on success and
// nothing moves on any failure.
import { decodePaymentResponseHeader } from "@x402/core/http";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { caseResponseSchema, errorEnvelopeSchema, paymentRequiredEnvelopeSchema } from "@/contract";
import { findCourt } from "@/lib/courts/registry";
import { generateDemoCase } from "@/lib/sources/demo/generate-case";
import { chainClients, makePayer, type Payer } from "../helpers/payer";

const PRICE = 990_000n;
const info = () => inject("chain");

/** Case ids the demo source has (or has not): the same deterministic rule the server runs. */
function demoCaseIds(court: string, wanted: "found" | "not_found", count: number, year = 24): string[] {
  const ids: string[] = [];
  for (let number = 1; ids.length < count; number += 1) {
    const caseId = `1:${year}-cv-${String(number).padStart(5, "0")}`;
    const result = generateDemoCase(findCourt(court)!, caseId, new Date(), { downCourts: new Set() });
    if (result.kind === wanted) ids.push(caseId);
  }
  return ids;
}

async function payTo(): Promise<bigint> {
  return chainClients(info()).balanceOf(info().payTo);
}

/** Runs `action`, then says how much the payer and the service's account moved. */
async function moved(payer: Payer, action: () => Promise<void>): Promise<{ payer: bigint; service: bigint }> {
  const [payerBefore, serviceBefore] = [await payer.balance(), await payTo()];
  await action();
  return { payer: payerBefore - (await payer.balance()), service: (await payTo()) - serviceBefore };
}

// Every test below runs against each served app: on PGlite, and on PostgreSQL when one answers
// (tests/helpers/next-server.ts).
describe.each(inject("servedApps"))("the app on $database", (app) => {
  const baseUrl = () => app.baseUrl;
  const [existing, other, third] = demoCaseIds("nysd", "found", 3);
  const [missing, missing2] = demoCaseIds("nysd", "not_found", 2);
  const caseUrl = (caseId: string, court = "nysd", extra = "") => `${baseUrl()}/v2/case?case_id=${caseId}&court_code=${court}${extra}`;
  const batch = (queries: Array<{ case_id: string; court_code: string }>) => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ queries }),
  });

  describe("x402 payments against the running app", () => {
    let payer: Payer;
    beforeAll(async () => {
      payer = makePayer(info(), 2 + app.payerOffset);
      await payer.mint(100_000_000n);
    });

    it("asks for payment with PAYMENT-REQUIRED, the v1 body and our envelope", async () => {
      const response = await fetch(caseUrl(existing!));
      expect(response.status).toBe(402);
      const body = await response.json();
      expect(paymentRequiredEnvelopeSchema.safeParse(body).success).toBe(true);
      expect(body.error).toMatchObject({
        code: "payment_required",
        payment_requirements: [{ scheme: "exact", network: info().network, asset: info().token, amount: "990000", payTo: info().payTo }],
      });
      expect(body.x402Version).toBe(1);
      expect(body.accepts[0]).toMatchObject({ network: "base-sepolia", maxAmountRequired: "990000", payTo: info().payTo });
      expect(response.headers.get("payment-required")).toBeTruthy();
    });

    it("takes the same payment on the deprecated v1 endpoints: once, with the x402 headers passed through", async () => {
      const url = `${baseUrl()}/v1/monitor?case_id=${third}&court_code=nysd`;
      const challenge = await fetch(url);
      expect(challenge.status).toBe(402);
      expect(challenge.headers.get("payment-required")).toBeTruthy();
      expect(challenge.headers.get("deprecation")).toBe("true");
      expect(await challenge.json()).toMatchObject({ x402Version: 1, accepts: [expect.objectContaining({ payTo: info().payTo })], error: { code: "payment_required" } });
      let settlement: string | null = null;
      let body: unknown;
      const delta = await moved(payer, async () => {
        const response = await payer.payFetch(url);
        settlement = response.headers.get("payment-response");
        body = await response.json();
      });
      expect(body).toEqual({ case_id: third, court_code: "nysd", changed: true });
      expect(delta).toEqual({ payer: PRICE, service: PRICE });
      expect(decodePaymentResponseHeader(settlement!)).toMatchObject({ success: true });
    });

    it("moves exactly the price for a successful query, and says so in PAYMENT-RESPONSE", async () => {
      let status = 0;
      let settlement: string | null = null;
      let body: unknown;
      const delta = await moved(payer, async () => {
        const response = await payer.payFetch(caseUrl(existing!, "nysd", "&context=full"));
        status = response.status;
        settlement = response.headers.get("payment-response");
        body = await response.json();
      });
      expect(status).toBe(200);
      expect(caseResponseSchema.safeParse(body).success).toBe(true);
      expect((body as { meta: { query_cost_usd: number; sandbox: boolean } }).meta).toMatchObject({ query_cost_usd: 0.99, sandbox: false });
      // Live timestamps carry the court's offset (New York), never UTC's Z.
      const history = (body as { case: { docket_history: Array<{ filed_at: string }> } }).case.docket_history;
      expect(history.length).toBeGreaterThan(0);
      for (const entry of history) expect(entry.filed_at).toMatch(/T\d{2}:\d{2}:\d{2}(\.\d{3})?-0[45]:00$/);
      expect(delta).toEqual({ payer: PRICE, service: PRICE });
      expect(decodePaymentResponseHeader(settlement!)).toMatchObject({ success: true, network: info().network, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    });

    it("moves N × the price for a batch, even when some of its queries fail", async () => {
      let body: { meta: Record<string, unknown> } | undefined;
      const delta = await moved(payer, async () => {
        const response = await payer.payFetch(
          `${baseUrl()}/v2/cases/batch`,
          batch([{ case_id: existing!, court_code: "nysd" }, { case_id: other!, court_code: "nysd" }, { case_id: missing!, court_code: "nysd" }]),
        );
        expect(response.status).toBe(200);
        body = await response.json();
      });
      expect(body!.meta).toMatchObject({ batch_size: 3, successful: 2, failed: 1, total_cost_usd: 2.97, sandbox: false });
      expect(delta).toEqual({ payer: 3n * PRICE, service: 3n * PRICE });
    });

    it.each([
      ["a case the court does not have (404)", () => caseUrl(missing2!), 404, "case_not_found"],
      ["a court whose source is down (503)", () => caseUrl("3:24-cv-01001", "prd"), 503, "source_unavailable"],
    ])("moves nothing for %s", async (_name, url, status, code) => {
      let answer: Response | undefined;
      const delta = await moved(payer, async () => {
        answer = await payer.payFetch(url());
      });
      expect(answer!.status).toBe(status);
      const body = await answer!.json();
      expect(errorEnvelopeSchema.safeParse(body).success).toBe(true);
      expect(body.error.code).toBe(code);
      expect(answer!.headers.get("payment-response")).toBeNull();
      expect(delta).toEqual({ payer: 0n, service: 0n });
    });

    it("asks no payment for invalid input (400) and moves nothing", async () => {
      let answer: Response | undefined;
      const delta = await moved(payer, async () => {
        answer = await payer.payFetch(caseUrl(existing!, "nysd", "&context=everything"));
      });
      expect(answer!.status).toBe(400);
      expect(delta).toEqual({ payer: 0n, service: 0n });
    });

    it("moves nothing for a batch whose every query failed", async () => {
      let body: { meta: Record<string, unknown> } | undefined;
      let settlement: string | null = "unset";
      const delta = await moved(payer, async () => {
        const response = await payer.payFetch(
          `${baseUrl()}/v2/cases/batch`,
          batch([{ case_id: missing!, court_code: "nysd" }, { case_id: "3:24-cv-01001", court_code: "prd" }]),
        );
        settlement = response.headers.get("payment-response");
        body = await response.json();
      });
      expect(body!.meta).toMatchObject({ batch_size: 2, successful: 0, failed: 2, total_cost_usd: 0 });
      expect(settlement).toBeNull();
      expect(delta).toEqual({ payer: 0n, service: 0n });
    });

    it("serves one payment once, also when it is replayed 20 times at once: every copy gets the one paid answer", async () => {
      const url = caseUrl(third!);
      const proof = await payer.paymentFor(await fetch(url));
      let statuses: number[] = [];
      let bodies: string[] = [];
      let settlements: Array<string | null> = [];
      const delta = await moved(payer, async () => {
        const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(url, { headers: { "payment-signature": proof } })));
        statuses = answers.map((answer) => answer.status);
        settlements = answers.map((answer) => answer.headers.get("payment-response"));
        bodies = await Promise.all(answers.map((answer) => answer.text()));
      });
      // The copies wait for the first presentation and get its stored answer: one charge, one answer.
      expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));
      expect(new Set(bodies).size).toBe(1);
      expect(new Set(settlements).size).toBe(1);
      expect(delta).toEqual({ payer: PRICE, service: PRICE });

      // The same proof for another request is refused, and moves nothing.
      const other = await moved(payer, async () => {
        const response = await fetch(caseUrl(existing!), { headers: { "payment-signature": proof } });
        expect(response.status).toBe(402);
        expect((await response.json()).error.message).toMatch(/already been used/);
      });
      expect(other).toEqual({ payer: 0n, service: 0n });
    });
  });

  describe("payments the service refuses, with a clear reason and nothing moved", () => {
    let payer: Payer;
    let broke: Payer;
    beforeAll(async () => {
      payer = makePayer(info(), 3 + app.payerOffset);
      await payer.mint(10_000_000n);
      broke = makePayer(info(), 4 + app.payerOffset); // holds no tokens
    });

    const url = () => caseUrl(existing!);
    const refused = async (who: Payer, proof: string) => {
      const response = await fetch(url(), { headers: { "payment-signature": proof } });
      const body = await response.json();
      expect(response.status, JSON.stringify(body)).toBe(402);
      expect(body.error.code).toBe("payment_required");
      expect(response.headers.get("payment-required")).toBeTruthy();
      return body.error.message as string;
    };

    it.each([
      ["a wrong recipient", (r: any) => ({ ...r, accepts: [{ ...r.accepts[0], payTo: "0x000000000000000000000000000000000000dEaD" }] }), /another recipient/],
      ["a wrong amount", (r: any) => ({ ...r, accepts: [{ ...r.accepts[0], amount: "1000" }] }), /exactly 990000 base units \(0\.99 USD\)/],
      ["an expired authorization", (r: any) => ({ ...r, accepts: [{ ...r.accepts[0], maxTimeoutSeconds: -120 }] }), /expired/],
    ])("refuses %s", async (_name, edit, reason) => {
      const delta = await moved(payer, async () => {
        const proof = await payer.paymentFor(await fetch(url()), edit);
        expect(await refused(payer, proof)).toMatch(reason);
      });
      expect(delta).toEqual({ payer: 0n, service: 0n });
    });

    /** The proof's JSON, edited in place, encoded again. */
    const reshaped = (proof: string, edit: (payload: any) => void) => {
      const payload = JSON.parse(Buffer.from(proof, "base64").toString("utf8"));
      edit(payload);
      return Buffer.from(JSON.stringify(payload)).toString("base64");
    };

    it("refuses a forged signature", async () => {
      const proof = await payer.paymentFor(await fetch(url()));
      const forged = reshaped(proof, (payload) => {
        const signature: string = payload.payload.signature;
        payload.payload.signature = `${signature.slice(0, 10)}${signature[10] === "a" ? "b" : "a"}${signature.slice(11)}`;
      });
      const delta = await moved(payer, async () => {
        expect(await refused(payer, forged)).toMatch(/signature does not verify/);
      });
      expect(delta).toEqual({ payer: 0n, service: 0n });
    });

    it("refuses a payer without enough funds", async () => {
      const proof = await broke.paymentFor(await fetch(url()));
      expect(await refused(broke, proof)).toMatch(/does not hold enough/);
    });

    it("refuses a proof it cannot read", async () => {
      expect(await refused(payer, "not-base64!")).toMatch(/not readable/);
    });

    // Proofs that decode but are not whole: a payer's mistake (402, nothing moved), never "the network cannot be
    // reached, repeat the same payment" (503), which no retry of that proof could get past.
    it.each([
      ["an empty authorization", (p: any) => (p.payload = {}), /no EIP-3009 transferWithAuthorization/],
      ["an authorization without its payer", (p: any) => delete p.payload.authorization.from, /no EIP-3009 transferWithAuthorization/],
      ["accepted terms without an asset", (p: any) => delete p.accepted.asset, /no readable `accepted` requirements/],
    ])("refuses a v2 proof with %s", async (_name, edit, reason) => {
      const proof = await payer.paymentFor(await fetch(url()));
      const delta = await moved(payer, async () => {
        expect(await refused(payer, reshaped(proof, edit))).toMatch(reason);
      });
      expect(delta).toEqual({ payer: 0n, service: 0n });
    });

    it("refuses a v1 X-PAYMENT proof with an empty authorization", async () => {
      const challenge = await (await fetch(url())).json();
      const proof = reshaped(await payer.v1PaymentFor(challenge), (p) => (p.payload = {}));
      const delta = await moved(payer, async () => {
        const response = await fetch(url(), { headers: { "x-payment": proof } });
        const body = await response.json();
        expect(response.status, JSON.stringify(body)).toBe(402);
        expect(body.error.message).toMatch(/no EIP-3009 transferWithAuthorization/);
      });
      expect(delta).toEqual({ payer: 0n, service: 0n });
    });
  });

  describe("x402 v1", () => {
    it("accepts an X-PAYMENT proof made by the official v1 scheme and answers X-PAYMENT-RESPONSE", async () => {
      const payer = makePayer(info(), 5 + app.payerOffset);
      await payer.mint(5_000_000n);
      const url = caseUrl(other!);
      const challenge = await (await fetch(url)).json();
      expect(challenge.x402Version).toBe(1);
      let response: Response | undefined;
      let again: Response | undefined;
      const proof = await payer.v1PaymentFor(challenge);
      const delta = await moved(payer, async () => {
        response = await fetch(url, { headers: { "x-payment": proof } });
        // The same proof again (a retry after a lost answer): the stored answer with the same header, v1's network name.
        again = await fetch(url, { headers: { "x-payment": proof } });
      });
      expect(response!.status, await response!.clone().text()).toBe(200);
      const settlement = decodePaymentResponseHeader(response!.headers.get("x-payment-response")!);
      expect(settlement).toMatchObject({ success: true });
      expect(again!.status).toBe(200);
      expect(decodePaymentResponseHeader(again!.headers.get("x-payment-response")!)).toEqual(settlement);
      expect(delta).toEqual({ payer: PRICE, service: PRICE });
    });
  });

  describe("per-wallet rate limit", () => {
    it("lets exactly 60 of 200 concurrent paid requests through in a minute, and charges only those", async () => {
      const payer = makePayer(info(), 6 + app.payerOffset);
      await payer.mint(300_000_000n);
      const url = `${baseUrl()}/v2/monitor?case_id=${existing}&court_code=nysd&last_checked=2026-01-01T00:00:00Z`;
      const challenge = await fetch(url);
      const required = challenge.headers.get("payment-required");
      const proofs = await Promise.all(
        Array.from({ length: 200 }, () => payer.paymentFor(new Response(null, { status: 402, headers: { "payment-required": required! } }))),
      );
      let answers: Response[] = [];
      const delta = await moved(payer, async () => {
        answers = await Promise.all(proofs.map((proof) => fetch(url, { headers: { "payment-signature": proof } })));
      });
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(60);
      expect(statuses.filter((status) => status === 429)).toHaveLength(140);
      const limited = answers.find((answer) => answer.status === 429)!;
      const body = await limited.json();
      expect(body.error).toMatchObject({ code: "rate_limited", retry_after: expect.any(Number) });
      expect(body.error.retry_after).toBeGreaterThan(0);
      expect(body.error.retry_after).toBeLessThanOrEqual(60);
      expect(Number(limited.headers.get("retry-after"))).toBe(body.error.retry_after);
      expect(delta).toEqual({ payer: 60n * PRICE, service: 60n * PRICE });
    }, 240_000);
  });

  describe("sandbox limit", () => {
    it("limits sandbox requests to 60 a minute per client address, free", async () => {
      const headers = { "x-service-test": "1", "x-forwarded-for": "203.0.113.77" };
      const answers = await Promise.all(Array.from({ length: 61 }, () => fetch(`${baseUrl()}/v2/case?case_id=1:22-cr-00123&court_code=dcd`, { headers })));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(60);
      const limited = answers.find((answer) => answer.status === 429)!;
      expect((await limited.json()).error).toMatchObject({ code: "rate_limited", message: expect.stringContaining("Sandbox") });
      // Another address is not affected.
      expect((await fetch(`${baseUrl()}/v2/case?case_id=1:22-cr-00123&court_code=dcd`, { headers: { ...headers, "x-forwarded-for": "203.0.113.78" } })).status).toBe(200);
    });
  });
});

// A paid batch stops starting reads in time for its own authorization's settlement: counted from the
// authorization's validBefore, not only from when the batch began reading. Time spent after the authorization
// was checked (a payment network slow to verify it) comes out of the reading time, not out of the 30 s kept
// for the settlement. Real chain, real facilitator, the official x402 client; the slow verification is the
// app's clock moved on while it ran.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postBatch } from "@/app/v2/cases/batch/route";
import { demoCaseIds } from "../helpers/demo-case-ids";
import { startPaidEnvironment, type PaidEnvironment } from "../helpers/paid-environment";
import type { Payer } from "../helpers/payer";

/** How long the payment's verification "took", by the app's clock. */
let verificationMs = 0;
vi.mock("@/lib/payments/verify-payment", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/payments/verify-payment")>();
  return {
    ...real,
    verifyPayment: async (...args: Parameters<typeof real.verifyPayment>) => {
      const verified = await real.verifyPayment(...args);
      if (verificationMs > 0) {
        const realNow = Date.now.bind(Date);
        vi.spyOn(Date, "now").mockImplementation(() => realNow() + verificationMs);
      }
      return verified;
    },
  };
});

let environment: PaidEnvironment;
let payer: Payer;
const url = "http://localhost:3000/v2/cases/batch";

beforeAll(async () => {
  // A fetch's deadline of 100 s: with 300 s asked, a read may start 150 − 30 − 100 = 20 s into the lookup.
  environment = await startPaidEnvironment({ env: { SOURCE_TIMEOUT_MS: "100000" } });
  payer = await environment.payer(4);
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await environment?.close();
});

/** Signed for `seconds` of validity instead of the maxTimeoutSeconds asked. */
const lasting = (seconds: number) => (required: any) => ({ ...required, accepts: required.accepts.map((terms: any) => ({ ...terms, maxTimeoutSeconds: seconds })) });

describe("a paid batch whose authorization ends sooner than its reading time from the lookup's start", () => {
  it("reads only what it can still settle: the cases whose turn comes after validBefore less the settlement's room and a fetch's deadline are answered unread", async () => {
    const body = JSON.stringify({ queries: demoCaseIds(23, 3).map((caseId) => ({ case_id: caseId, court_code: "nysd" })) });
    const ask = (headers: Record<string, string> = {}) => postBatch(new Request(url, { method: "POST", body, headers: { "content-type": "application/json", ...headers } }));
    // 160 s of validity: more than the 150 s required when it arrives. Verification then "takes" 35 s, so the
    // lookup begins with 125 s left: reads may start until validBefore − 30 s − 100 s, 5 s before the lookup.
    const proof = await payer.paymentFor(await ask(), lasting(160));
    verificationMs = 35_000;
    let answer: Response;
    try {
      answer = await ask({ "payment-signature": proof });
    } finally {
      vi.restoreAllMocks();
      verificationMs = 0;
    }
    const result = await answer.json();
    expect(answer.status, JSON.stringify(result)).toBe(200);
    // Before: counted from the lookup's start alone (35 s + 20 s after the check), all three were read, the
    // last ones ending up to 100 s later: 10 s before validBefore, with 30 s needed to settle.
    expect(result.results.map((one: any) => (one.status === "success" ? "success" : one.error.code))).toEqual(["success", "source_unavailable", "source_unavailable"]);
    expect(result.results[1].error.message).toMatch(/not read: this batch's time to read its courts ran out/);
    expect(result.meta).toMatchObject({ successful: 1, failed: 2 });
  });
});

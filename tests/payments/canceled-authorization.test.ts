// A payer who cancels its EIP-3009 authorization (cancelAuthorization) after the service verified the payment
// and before it settled: the nonce then reads as used on chain, though nothing was transferred. Settlement and
// the reconciler must tell this from a payment (the AuthorizationUsed / AuthorizationCanceled events), or the
// answer would be given free. Real chain (TestUSDC has USDC's cancelAuthorization), real facilitator, real ledger.
import type { Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getCase } from "@/app/v2/case/route";
import { buildRequirements } from "@/lib/payments/build-requirements";
import { chainReaderFor } from "@/lib/payments/chain-reader";
import { AUTHORIZATION_CANCELED } from "@/lib/payments/describe-refusal";
import { getPayments } from "@/lib/payments/facilitator";
import { getPaymentConfig } from "@/lib/payments/payment-config";
import { reconcilePayment } from "@/lib/payments/reconcile-payments";
import { settlePayment } from "@/lib/payments/settle-payment";
import { verifyPayment, type VerifiedPayment } from "@/lib/payments/verify-payment";
import { demoCaseIds } from "../helpers/demo-case-ids";
import { startPaidEnvironment, type PaidEnvironment } from "../helpers/paid-environment";
import type { Payer } from "../helpers/payer";
import { cancelAuthorization } from "../helpers/cancel-authorization";

let environment: PaidEnvironment;
let payer: Payer;
const [caseId] = demoCaseIds(17, 1);
const url = `http://localhost:3000/v2/case?case_id=${caseId}&court_code=nysd`;

beforeAll(async () => {
  environment = await startPaidEnvironment();
  payer = await environment.payer(2);
}, 120_000);
afterAll(async () => {
  await environment?.close();
});

/** A payment for the case, verified by the service's facilitator: what run-paid holds before the work. */
async function verifiedPayment(): Promise<VerifiedPayment> {
  const proof = await payer.paymentFor(await getCase(new Request(url)));
  const config = getPaymentConfig()!;
  return verifyPayment(proof, buildRequirements(config, { queries: 1, description: "A case query" }, url), await getPayments(config));
}

/** The payer cancels the authorization on chain, as USDC lets it. */
const cancel = (nonce: Hex) => cancelAuthorization(environment.info, payer, nonce);

/** The ledger row a crash after the broadcast would leave: settling, 20 minutes quiet, no transaction hash. */
async function settlingRow(payment: VerifiedPayment, requestId: string): Promise<Parameters<typeof reconcilePayment>[1]> {
  const prisma = environment.opened.db.prisma;
  await prisma.paymentRecord.create({
    data: {
      nonceKey: payment.nonceKey,
      payer: payment.payer,
      amountBaseUnits: payment.amount,
      network: environment.info.network,
      asset: environment.info.token,
      payTo: environment.info.payTo,
      endpoint: "GET /v2/case",
      requestId,
      outcome: "settling",
      authorizationNonce: payment.authorizationNonce,
      validBefore: payment.validBefore,
      updatedAt: new Date(Date.now() - 20 * 60_000),
    },
  });
  const rows = await prisma.$queryRawUnsafe<Parameters<typeof reconcilePayment>[1][]>(
    `SELECT nonce_key, payer, outcome, authorization_nonce, valid_before, transaction_hash, request_id, created_at, updated_at FROM payment_records WHERE nonce_key = $1`,
    payment.nonceKey,
  );
  return rows[0]!;
}

describe("a payer that cancels its authorization between verification and settlement", () => {
  it("is refused at settlement, not counted as paid, and nothing moves", async () => {
    const payment = await verifiedPayment();
    await cancel(payment.authorizationNonce as Hex);
    const before = await payer.balance();
    const outcome = await settlePayment({ prisma: environment.opened.db.prisma, payments: await getPayments(getPaymentConfig()!), payment, requestId: "req_canceled" });
    expect(outcome).toEqual({ kind: "refused", reason: AUTHORIZATION_CANCELED });
    expect(await payer.balance()).toBe(before);
  });

  it("is released by the reconciler, not settled, when a crash left its payment settling", async () => {
    const payment = await verifiedPayment();
    await cancel(payment.authorizationNonce as Hex);
    const prisma = environment.opened.db.prisma;
    const row = await settlingRow(payment, "req_canceled_crash");
    const chain = chainReaderFor(getPaymentConfig()!);
    expect(await reconcilePayment(prisma, row, { chain, now: new Date(), blockTimeMs: 2_000, staleAfterMs: 120_000 })).toBe("released");
    expect(await prisma.paymentRecord.findUnique({ where: { nonceKey: payment.nonceKey } })).toMatchObject({ outcome: "released" });
  });

  it("keeps a used authorization open while no event says by what, and counts it as paid once validBefore has passed", async () => {
    const payment = await verifiedPayment();
    const payments = await getPayments(getPaymentConfig()!);
    const prisma = environment.opened.db.prisma;
    const paid = await settlePayment({ prisma, payments, payment, requestId: "req_no_logs" });
    expect(paid.kind).toBe("settled");
    const row = await settlingRow(payment, "req_no_logs");
    // A node that refuses the log queries (as providers limit their ranges): the events cannot be read.
    const chain = { ...chainReaderFor(getPaymentConfig()!)!, authorizationFate: async () => ({ kind: "unknown" as const }) };
    const settings = { chain, blockTimeMs: 2_000, staleAfterMs: 120_000 };
    expect(await reconcilePayment(prisma, row, { ...settings, now: new Date() })).toBe("open");
    const afterValidBefore = new Date(payment.validBefore.getTime() + 60_000);
    expect(await reconcilePayment(prisma, row, { ...settings, now: afterValidBefore })).toBe("settled");
    expect(await prisma.paymentRecord.findUnique({ where: { nonceKey: payment.nonceKey } })).toMatchObject({ outcome: "settled" });
  });

  it("still counts an authorization used by a transfer as paid", async () => {
    const payment = await verifiedPayment();
    const payments = await getPayments(getPaymentConfig()!);
    const first = await settlePayment({ prisma: environment.opened.db.prisma, payments, payment, requestId: "req_paid" });
    expect(first).toMatchObject({ kind: "settled", transaction: expect.stringMatching(/^0x/) });
    // Settling the same authorization again finds it used by that transfer: paid, the same transaction.
    const again = await settlePayment({ prisma: environment.opened.db.prisma, payments, payment, requestId: "req_paid" });
    expect(again).toMatchObject({ kind: "settled", transaction: (first as { transaction: string }).transaction });
  });
});

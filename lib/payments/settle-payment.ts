// Settles a verified, reserved payment after the work succeeded, and records the outcome. Settlements
// from our own account (in-process facilitator) run one at a time, across instances too: concurrent
// transactions from one account would collide on its nonce. Failures reach the caller scrubbed.
import type { PaymentPayload, PaymentRequirements, SettleResponse } from "@x402/core/types";
import { encodePaymentResponseHeader } from "@x402/core/http";
import type { Database } from "@/lib/db/open-database";
import { logEvent } from "@/lib/log";
import type { Requirements } from "./build-requirements";
import { describeRefusal } from "./describe-refusal";
import type { Payments } from "./facilitator";
import { paymentRequired } from "./payment-errors";
import type { Reservation } from "./reserve-payment";
import type { VerifiedPayment } from "./verify-payment";

let queue: Promise<unknown> = Promise.resolve();

/** One at a time in this process, and under a database lock across instances (PostgreSQL). */
async function serialized<T>(database: Database, work: () => Promise<T>): Promise<T> {
  const run = queue.then(async () => {
    if (database.kind !== "postgres") return work();
    return database.prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtextextended('x402:settlement', 0))");
        return work();
      },
      { timeout: 240_000, maxWait: 240_000 },
    );
  });
  queue = run.catch(() => undefined);
  return run;
}

export interface SettleOptions {
  database: Database;
  payments: Payments;
  payment: VerifiedPayment;
  requirements: Requirements;
  reservation: Reservation;
}

/** Returns the response header that carries the settlement (PAYMENT-RESPONSE, or X-PAYMENT-RESPONSE for v1). */
export async function settlePayment({ database, payments, payment, requirements, reservation }: SettleOptions): Promise<Record<string, string>> {
  const isLocal = payments.config.facilitator.kind === "local";
  let result: SettleResponse;
  try {
    const settle = () =>
      payment.version === 2
        ? payments.server.settlePayment(payment.payload as PaymentPayload, payment.requirements as PaymentRequirements)
        : payments.facilitator.settle(payment.payload as unknown as PaymentPayload, payment.requirements as unknown as PaymentRequirements);
    result = isLocal ? await serialized(database, settle) : await settle();
  } catch (error) {
    // viem and facilitator errors carry calldata, addresses and node URLs: logged, never sent.
    logEvent("error", "settlement threw", { nonce_key: reservation.nonceKey, detail: error instanceof Error ? error.message : String(error) });
    result = { success: false, errorReason: "settlement_error", transaction: "", network: requirements.v2.network };
  }
  if (!result.success) {
    await database.prisma.paymentRecord.updateMany({
      where: { nonceKey: reservation.nonceKey },
      data: { outcome: "settle_failed", failureReason: (result.errorReason ?? "unknown").slice(0, 500) },
    });
    const reason = result.errorReason === "settlement_error" ? "The payment could not be settled." : describeRefusal(result.errorReason, requirements);
    throw paymentRequired(requirements, `${reason} Nothing was charged, and the result was not delivered.`);
  }
  await database.prisma.paymentRecord.updateMany({
    where: { nonceKey: reservation.nonceKey },
    data: { outcome: "settled", transactionHash: result.transaction },
  });
  const header = encodePaymentResponseHeader({
    success: true,
    transaction: result.transaction,
    network: result.network,
    payer: result.payer ?? payment.payer,
  });
  return payment.version === 2 ? { "payment-response": header } : { "x-payment-response": header };
}

// The order of work of every paid request (DECISIONS.md "Payments"), for HTTP and MCP alike:
// (input already validated) → verify the payment → reserve its nonce → rate limits → the work →
// settle only on success → on any failure release the reservation and the quota. Nothing that ends in
// an error is charged; a batch whose every query failed is not charged either.
import { now } from "@/lib/clock";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { releaseDailyQuota, reserveDailyQuota } from "@/lib/limits/reserve-daily-quota";
import { takeMinuteSlot } from "@/lib/limits/take-minute-slot";
import { buildRequirements, type PaymentQuote } from "./build-requirements";
import { getPayments } from "./facilitator";
import { getPaymentConfig } from "./payment-config";
import { paymentRequired } from "./payment-errors";
import { releasePayment } from "./release-payment";
import { reservePayment } from "./reserve-payment";
import { settlePayment } from "./settle-payment";
import { verifyPayment } from "./verify-payment";

export interface RunPaidOptions<T> {
  /** The base64 payment payload, or null when the request carried none. */
  proof: string | null;
  quote: PaymentQuote;
  /** The URL paid for (the 402's resource) and the ledger's endpoint name. */
  resourceUrl: string;
  endpoint: string;
  requestId: string;
  /** The paid work, for the verified payer (lowercase wallet address). */
  work: (payer: string) => Promise<T>;
  /** How many of the paid queries succeeded (0: nothing is settled). Default: 1. */
  successes?: (result: T) => number;
}

export interface PaidResult<T> {
  result: T;
  payer: string;
  /** Whether the payment was settled (false: a batch whose every query failed). */
  settled: boolean;
  /** PAYMENT-RESPONSE (or X-PAYMENT-RESPONSE) when a settlement happened. */
  headers: Record<string, string>;
}

export function rateLimited(retryAfterSeconds: number, what: string): ServiceError {
  return new ServiceError(
    "rate_limited",
    `${what} Retry in ${retryAfterSeconds} s. Nothing was charged.`,
    { retry_after: retryAfterSeconds },
  );
}

export async function runPaid<T>(options: RunPaidOptions<T>): Promise<PaidResult<T>> {
  const config = getPaymentConfig();
  if (!config) {
    throw paymentRequired(
      null,
      `${options.quote.description} costs ${(0.99 * options.quote.queries).toFixed(2)} USD, paid with x402, but this deployment ` +
        "is not configured to take payments. Add ?test=1 (or X-Service-Test: 1) for free sandbox data.",
    );
  }
  const requirements = buildRequirements(config, options.quote, options.resourceUrl);
  if (!options.proof) {
    throw paymentRequired(
      requirements,
      `${options.quote.description} costs ${requirements.amountUsd} USD: pay with x402 (see the PAYMENT-REQUIRED header or ` +
        "error.payment_requirements) and repeat the request with the payment in PAYMENT-SIGNATURE.",
    );
  }
  const payments = await getPayments(config);
  const payment = await verifyPayment(options.proof, requirements, payments);
  const database = await getDatabase();
  const prisma = database.prisma;
  const reservation = await reservePayment({ prisma, payment, requirements, endpoint: options.endpoint, requestId: options.requestId });

  const env = getEnv();
  const wallet = `wallet:${payment.payer}`;
  const at = now();
  let dayStart: Date | null = null;
  try {
    const slot = await takeMinuteSlot(prisma, wallet, env.RATE_LIMIT_PER_MINUTE, at);
    if (!slot.ok) throw rateLimited(slot.retryAfterSeconds, `This wallet made ${env.RATE_LIMIT_PER_MINUTE} requests in the last minute.`);
    const quota = await reserveDailyQuota(prisma, wallet, options.quote.queries, env.RATE_LIMIT_PER_DAY, at);
    if (!quota.ok) {
      const left = Math.max(0, env.RATE_LIMIT_PER_DAY - quota.used);
      throw rateLimited(
        quota.retryAfterSeconds,
        `This wallet has ${left} of its ${env.RATE_LIMIT_PER_DAY} queries left today (UTC) and asked for ${options.quote.queries}` +
          (left > 0 ? `: send at most ${left}, or wait for the new day.` : "; the count starts over at midnight UTC."),
      );
    }
    dayStart = quota.dayStart;
  } catch (error) {
    await releasePayment(prisma, reservation, error instanceof ServiceError ? error.code : "rate limit check failed");
    throw error;
  }

  let result: T;
  try {
    result = await options.work(payment.payer);
  } catch (error) {
    await releasePayment(prisma, reservation, error instanceof ServiceError ? error.code : "internal_error");
    await releaseDailyQuota(prisma, wallet, options.quote.queries, dayStart);
    throw error;
  }
  const succeeded = options.successes ? options.successes(result) : 1;
  if (succeeded === 0) {
    await releasePayment(prisma, reservation, "no query succeeded");
    await releaseDailyQuota(prisma, wallet, options.quote.queries, dayStart);
    return { result, payer: payment.payer, settled: false, headers: {} };
  }
  let headers: Record<string, string>;
  try {
    headers = await settlePayment({ database, payments, payment, requirements, reservation });
  } catch (error) {
    await releaseDailyQuota(prisma, wallet, options.quote.queries, dayStart);
    throw error;
  }
  await releaseDailyQuota(prisma, wallet, options.quote.queries - succeeded, dayStart);
  return { result, payer: payment.payer, settled: true, headers };
}

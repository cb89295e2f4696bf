// The order of work of every paid request (DECISIONS.md "Payments"), for HTTP and MCP alike:
// (input already validated) → verify the payment (a proof already used for this same request: its stored
// answer) → reserve its nonce → rate limits → the work → store the answer (settling; a wallet's own answer
// is not kept) → settle only on success → on any failure release the reservation and the quota. Nothing
// that ends in an error is charged; a batch whose every query failed is not charged either. Every step is recorded in
// the payment ledger first, so a crash anywhere is finished by the reconciler (docs/payments.md "Recovery").
import { createHash } from "node:crypto";
import { encodePaymentResponseHeader } from "@x402/core/http";
import { getAddress } from "viem";
import { now } from "@/lib/clock";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { reserveDailyQuota } from "@/lib/limits/reserve-daily-quota";
import { takeMinuteSlot } from "@/lib/limits/take-minute-slot";
import { logEvent } from "@/lib/log";
import { priceForQueriesUsd } from "@/lib/pricing";
import { withAuthorizationExpiry } from "./authorization-expiry";
import { buildRequirements, type PaymentQuote } from "./build-requirements";
import { checkBalance } from "./check-balance";
import { closePayment } from "./close-payment";
import { describeRefusal } from "./describe-refusal";
import { getPayments, type Payments } from "./facilitator";
import { getPaymentConfig, type PaymentConfig } from "./payment-config";
import { paymentRequired, paymentUnavailable, settlementPending } from "./payment-errors";
import { recordAnswer, recordQuota } from "./record-answer";
import { alreadyUsed, reservePayment } from "./reserve-payment";
import { servePaidAgain } from "./serve-paid-again";
import { serveUndeliveredAnswer } from "./serve-undelivered-answer";
import { settlePayment } from "./settle-payment";
import { retryAfter, verifyPayment, type VerifiedPayment } from "./verify-payment";

export interface RunPaidOptions<T> {
  /** The base64 payment payload, or null when the request carried none. */
  proof: string | null;
  quote: PaymentQuote;
  /** The URL paid for (the 402's resource) and the ledger's endpoint name. */
  resourceUrl: string;
  endpoint: string;
  requestId: string;
  /**
   * What makes two requests "the same request" (a lost answer is served again only to the same one): the
   * endpoint, the path and query, the body or tool arguments. Without it, stored answers are never served again.
   */
  fingerprint?: string;
  /**
   * Where this caller puts its payment, for the 402's instructions: default "PAYMENT-SIGNATURE" (HTTP);
   * MCP tools name their argument (an MCP caller cannot send HTTP headers).
   */
  proofIn?: string;
  /** Where this caller finds the payment terms, for the same instructions: default the HTTP answer's places. */
  requirementsIn?: string;
  /**
   * The answer belongs to the paying wallet alone (a signing key's secret, its key state, its delivery
   * history): it is never stored and never served again. Serving again is keyed on the proof, and a proof is
   * no secret once settled: the settlement transaction's calldata holds the authorization and its signature,
   * from which anyone can rebuild it. The same payment presented again is refused as used.
   */
  privateAnswer?: boolean;
  /**
   * Before the work, the payer must hold this many queries' worth of the token (where a chain node is
   * configured): for a call paid by two payments of one wallet, so that the second settlement cannot fail
   * for want of funds after the first was charged. Default: no check beyond the facilitator's.
   */
  requiredBalanceQueries?: number;
  /** The paid work, for the verified payer (lowercase wallet address). */
  work: (payer: string) => Promise<T>;
  /** How many of the paid queries succeeded (0: nothing is settled). Default: 1. */
  successes?: (result: T) => number;
  /** The answer as it is stored for a lost answer's retry (JSON): the endpoint's own serializer. Default: JSON.stringify. */
  answerText?: (result: T) => string;
}

export interface PaidResult<T> {
  result: T;
  payer: string;
  /** Whether the payment was settled (false: a batch whose every query failed). */
  settled: boolean;
  /** PAYMENT-RESPONSE (or X-PAYMENT-RESPONSE) when a settlement happened. */
  headers: Record<string, string>;
  /** The request whose answer this is: an earlier one when the same proof fetched a stored answer. */
  requestId: string;
  /** True when this is the stored answer of an earlier presentation of the same payment. */
  replayed: boolean;
  /**
   * A private answer delivered while its settlement is not confirmed: `settled` is false, and the reconciler
   * finishes the payment from the chain.
   */
  settlementPending?: boolean;
}

export function rateLimited(retryAfterSeconds: number, what: string): ServiceError {
  return new ServiceError(
    "rate_limited",
    `${what} Retry in ${retryAfterSeconds} s. Nothing was charged.`,
    { retry_after: retryAfterSeconds },
  );
}

/** The facilitator, or 503 when it cannot be set up (a remote facilitator that does not answer). */
async function paymentsFor(config: PaymentConfig): Promise<Payments> {
  try {
    return await getPayments(config);
  } catch (error) {
    logEvent("error", "payment facilitator unavailable", { detail: error instanceof Error ? error.message.slice(0, 300) : String(error) });
    const seconds = Math.max(2, Math.ceil((3 * config.blockTimeMs) / 1000));
    throw paymentUnavailable(`Payments cannot be checked right now: the payment facilitator cannot be reached. Nothing was charged; retry in ${seconds} s.`, seconds);
  }
}

export async function runPaid<T>(options: RunPaidOptions<T>): Promise<PaidResult<T>> {
  const config = getPaymentConfig();
  if (!config) {
    throw paymentRequired(
      null,
      `${options.quote.description} costs ${priceForQueriesUsd(options.quote.queries).toFixed(2)} USD, paid with x402, but this deployment ` +
        "is not configured to take payments. Add ?test=1 (or X-Service-Test: 1) for free sandbox data.",
    );
  }
  const requirements = buildRequirements(config, options.quote, options.resourceUrl);
  if (!options.proof) {
    throw paymentRequired(
      requirements,
      `${options.quote.description} costs ${requirements.amountUsd} USD: pay with x402 (see ` +
        `${options.requirementsIn ?? "the PAYMENT-REQUIRED header or error.payment_requirements"}) and repeat the request with the payment in ` +
        `${options.proofIn ?? "PAYMENT-SIGNATURE"}.`,
    );
  }
  const payments = await paymentsFor(config);
  const database = await getDatabase();
  const prisma = database.prisma;
  // Without a fingerprint, no request is "the same" as another: a stored answer is never served again.
  const fingerprint = createHash("sha256").update(options.fingerprint ?? `${options.endpoint}\n${options.requestId}`).digest("hex");
  const proof = options.proof;
  const walletMinuteSlot = async (payer: string) => {
    const limit = getEnv().RATE_LIMIT_PER_MINUTE;
    return { limit, slot: await takeMinuteSlot(prisma, `wallet:${payer}`, limit, now()) };
  };
  const takeWalletMinuteSlot = async (payer: string): Promise<void> => {
    const { limit, slot } = await walletMinuteSlot(payer);
    if (!slot.ok) throw rateLimited(slot.retryAfterSeconds, `This wallet made ${limit} requests in the last minute.`);
  };
  // A stored answer fetched again is a request like any other; refused, it says the answer is paid and kept.
  const admitReplay = async ({ payer, answerExpiresAt }: { payer: string; answerExpiresAt: Date | null }): Promise<void> => {
    const { limit, slot } = await walletMinuteSlot(payer);
    if (slot.ok) return;
    throw new ServiceError(
      "rate_limited",
      `This wallet made ${limit} requests in the last minute. This payment was already charged for this request and its answer ` +
        `is kept${answerExpiresAt ? ` until ${answerExpiresAt.toISOString()}` : ""}: repeat the request with the same payment in ` +
        `${slot.retryAfterSeconds} s (nothing more is charged).`,
      { retry_after: slot.retryAfterSeconds },
    );
  };
  const paidBefore = async (): Promise<PaidResult<T> | null> => {
    if (options.fingerprint === undefined || options.privateAnswer) return null;
    const again = await servePaidAgain({ prisma, payments, requirements, proof, fingerprint, admit: admitReplay });
    return again && { result: again.answer as T, payer: again.payer, settled: true, headers: again.headers, requestId: again.requestId, replayed: true };
  };

  let payment: VerifiedPayment;
  try {
    payment = await verifyPayment(proof, requirements, payments);
  } catch (error) {
    // A proof already used (or expired since) may be this very request's, paid before: its stored answer.
    if (error instanceof ServiceError && (error.code === "payment_required" || error.code === "payment_unavailable")) {
      const again = await paidBefore();
      if (again) return again;
    }
    throw error;
  }
  // The answer this payer already paid for this same request and was told to fetch again (a 503 while its
  // settlement confirmed): that one, not a second charge (serve-undelivered-answer.ts).
  if (options.fingerprint !== undefined && !options.privateAnswer) {
    const waiting = await serveUndeliveredAnswer({ prisma, payments, payer: payment.payer, fingerprint, version: payment.version });
    if (waiting) return { result: waiting.answer as T, payer: waiting.payer, settled: true, headers: waiting.headers, requestId: waiting.requestId, replayed: true };
  }
  const { requestId } = options;
  const reservation = await reservePayment({ prisma, payment, requirements, endpoint: options.endpoint, requestId, fingerprint });
  if (!reservation) {
    // A copy of a request whose first presentation is at work right now: it gets that one's answer.
    const again = await paidBefore();
    if (again) return again;
    throw alreadyUsed(requirements);
  }
  const release = (reason: string) => closePayment(prisma, reservation.nonceKey, { outcome: "released", reason }, new Date(), requestId);

  const env = getEnv();
  const wallet = `wallet:${payment.payer}`;
  const at = now();
  try {
    await takeWalletMinuteSlot(payment.payer);
    const quota = await reserveDailyQuota(prisma, wallet, options.quote.queries, env.RATE_LIMIT_PER_DAY, at);
    if (!quota.ok) {
      const left = Math.max(0, env.RATE_LIMIT_PER_DAY - quota.used);
      throw rateLimited(
        quota.retryAfterSeconds,
        `This wallet has ${left} of its ${env.RATE_LIMIT_PER_DAY} queries left today (UTC) and asked for ${options.quote.queries}` +
          (left > 0 ? `: send at most ${left}, or wait for the new day.` : "; the count starts over at midnight UTC."),
      );
    }
    // From here on whoever closes the payment gives the unused quota back (close-payment.ts).
    await recordQuota(prisma, reservation.nonceKey, requestId, quota.dayStart, options.quote.queries);
  } catch (error) {
    await release(error instanceof ServiceError ? error.code : "rate limit check failed");
    throw error;
  }

  let result: T;
  try {
    if (options.requiredBalanceQueries !== undefined) {
      await checkBalance({ config, payment, requirements, queries: options.requiredBalanceQueries, retryAfterSeconds: retryAfter(payments) });
    }
    // The work knows when its payment stops being valid: a batch stops starting reads in time to settle.
    result = await withAuthorizationExpiry(payment.validBefore, () => options.work(payment.payer));
  } catch (error) {
    await release(error instanceof ServiceError ? error.code : "internal_error");
    throw error;
  }
  const succeeded = options.successes ? options.successes(result) : 1;
  if (succeeded === 0) {
    await release("no query succeeded");
    return { result, payer: payment.payer, settled: false, headers: {}, requestId, replayed: false };
  }

  // The answer is stored before anything is broadcast: a crash from here on is finished from the chain.
  const stored = await recordAnswer({
    sql: database.sql,
    nonceKey: reservation.nonceKey,
    requestId,
    answer: options.privateAnswer ? null : (options.answerText ?? JSON.stringify)(result),
    succeededQueries: succeeded,
    expiresAt: new Date(Date.now() + config.answerRetentionMs),
  });
  const seconds = retryAfter(payments);
  if (!stored) {
    throw paymentUnavailable(`This payment was taken over by another presentation of it. Repeat the request with the same payment in ${seconds} s.`, seconds);
  }
  const outcome = await settlePayment({ prisma, payments, payment, requestId });
  switch (outcome.kind) {
    case "settled": {
      await closePayment(prisma, reservation.nonceKey, { outcome: "settled", transactionHash: outcome.transaction }, new Date(), requestId);
      const header = encodePaymentResponseHeader({
        success: true,
        transaction: outcome.transaction ?? "",
        network: outcome.network as `${string}:${string}`,
        // Checksummed, as a stored answer's header is (serve-paid-again.ts): the same payment, the same header.
        payer: getAddress(outcome.payer),
      });
      return {
        result,
        payer: payment.payer,
        settled: true,
        headers: payment.version === 2 ? { "payment-response": header } : { "x-payment-response": header },
        requestId,
        replayed: false,
      };
    }
    case "refused": {
      await closePayment(prisma, reservation.nonceKey, { outcome: "settle_failed", reason: outcome.reason }, new Date(), requestId);
      throw paymentRequired(requirements, `${describeRefusal(outcome.reason, requirements)} Nothing was charged, and the result was not delivered.`);
    }
    case "unreachable": {
      await release("payment network unreachable at settlement");
      throw paymentUnavailable(
        `The payment could not be settled: the payment network cannot be reached. Nothing was charged; repeat the request with the same payment in ${seconds} s.`,
        seconds,
      );
    }
    case "pending":
      // A private answer is not kept, so a repeat could not fetch it: a 503 here would risk a charge without
      // the answer. It is delivered now and the reconciler finishes the payment from the chain. The payment can
      // still fail only by the payer's doing (emptying the wallet, canceling), for an answer about that wallet.
      if (options.privateAnswer) {
        return { result, payer: payment.payer, settled: false, headers: {}, requestId, replayed: false, settlementPending: true };
      }
      // The caller is told to repeat: its answer waits for it, also for a repeat with a new payment.
      await prisma
        .$executeRawUnsafe(
          `UPDATE payment_records SET answer_awaited_since = now() WHERE nonce_key = $1 AND request_id = $2 AND outcome IN ('settling', 'settled')`,
          reservation.nonceKey,
          requestId,
        )
        .catch((failure) => logEvent("warn", "answer not marked as awaited", { request_id: requestId, detail: String(failure).slice(0, 300) }));
      throw settlementPending(
        `The payment was sent to the chain and is not confirmed yet. Repeat this request in ${seconds} s to get the answer, with the ` +
          "same payment or a new one (a new one is then not used): it is charged once, and never without the answer.",
        seconds,
      );
  }
}

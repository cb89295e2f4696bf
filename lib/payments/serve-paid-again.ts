// A proof presented again for the same request (same endpoint, resource, query and body) whose payment
// went through: the stored answer, with its PAYMENT-RESPONSE, never a second charge and never a 402. This
// is the retry of an agent whose connection broke while the answer was on its way (or whose server
// crashed after settling). While the first presentation is still at work or settling, the repeat waits
// for it a few blocks; a payment a crash left unfinished is reconciled from the chain first. Anything else
// (another request, a payment never charged) goes the usual way: verify, reserve, work, settle.
import { encodePaymentResponseHeader } from "@x402/core/http";
import { getAddress } from "viem";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Requirements } from "./build-requirements";
import { chainReaderFor } from "./chain-reader";
import type { Payments } from "./facilitator";
import { paymentRequired, paymentUnavailable } from "./payment-errors";
import { reconcilePayment, type OpenPayment } from "./reconcile-payments";
import { identifyProof } from "./verify-payment";

/** A presentation older than this without progress belongs to a request that died. */
export const REQUEST_LEASE_MS = 120_000;

export interface PaidAgain {
  answer: unknown;
  payer: string;
  /** The request that paid: its answer is served. */
  requestId: string;
  headers: Record<string, string>;
}

export interface ServePaidAgainOptions {
  prisma: PrismaClient;
  payments: Payments;
  requirements: Requirements;
  proof: string;
  /** sha256 of what is asked now. */
  fingerprint: string;
  /**
   * Called before a stored answer goes out, except the first fetch of one its payer was told to come back for
   * (a 503 while its settlement confirmed); throws to refuse (the wallet's per-minute limit: a replay is a
   * request like any other, and one payment must not fetch a stored answer without bound).
   */
  admit?: (row: { payer: string; answerExpiresAt: Date | null }) => Promise<void>;
}

function proofVersion(proof: string): 1 | 2 {
  try {
    return (JSON.parse(Buffer.from(proof.trim(), "base64").toString("utf8")) as { x402Version?: number }).x402Version === 1 ? 1 : 2;
  } catch {
    return 2;
  }
}

export async function servePaidAgain({ prisma, payments, requirements, proof, fingerprint, admit }: ServePaidAgainOptions): Promise<PaidAgain | null> {
  const identity = identifyProof(proof, requirements);
  if (!identity) return null;
  return serveStoredAnswer({
    prisma,
    payments,
    nonceKey: identity.nonceKey,
    version: proofVersion(proof),
    belongs: (row) => row.signatureHash === identity.signatureHash && row.requestFingerprint === fingerprint,
    gone: (row) => {
      if (!row.answerExpiresAt) return null; // settled before answers were kept: the usual refusal
      throw paymentRequired(
        requirements,
        `This payment was charged for this request on ${row.settledAt?.toISOString() ?? row.updatedAt.toISOString()}; its answer is kept ` +
          `${Math.round(payments.config.answerRetentionMs / 3_600_000)} h and is gone now. Sign a new payment to ask again.`,
      );
    },
    handOut: async (row) => {
      if (!row.answerAwaitedSince) await admit?.(row);
      // It goes out now: no longer waiting for a repeat with a new payment (serve-undelivered-answer.ts).
      if (row.answerAwaitedSince) await prisma.paymentRecord.updateMany({ where: { nonceKey: row.nonceKey }, data: { answerAwaitedSince: null } });
      return true;
    },
  });
}

type PaymentRow = NonNullable<Awaited<ReturnType<PrismaClient["paymentRecord"]["findUnique"]>>>;

export interface ServeStoredAnswerOptions {
  prisma: PrismaClient;
  payments: Payments;
  nonceKey: string;
  /** The x402 version of the proof now presented: its header names the settlement as that version does. */
  version: 1 | 2;
  /** Whether the row may answer this presentation at all. */
  belongs: (row: PaymentRow) => boolean;
  /** A settled row whose answer is no longer kept: refuse (throw) or go the usual way (null). */
  gone: (row: PaymentRow) => null;
  /** Takes the answer for this presentation; false when another took it first (then the usual way). */
  handOut: (row: PaymentRow) => Promise<boolean>;
  /** The 503 while the row is still settling after the wait (default: repeat with the same payment). */
  stillSettling?: (seconds: number) => string;
}

/**
 * A row's stored answer once its payment is settled, waiting a few blocks for a row still settling (and
 * asking the chain when it is quiet or the wait is over); null when the row does not belong to this
 * presentation or nothing was charged.
 */
export async function serveStoredAnswer({ prisma, payments, nonceKey, version, belongs, gone, handOut, stillSettling }: ServeStoredAnswerOptions): Promise<PaidAgain | null> {
  const blockTimeMs = payments.config.blockTimeMs;
  const waitUntil = Date.now() + Math.max(5_000, 4 * blockTimeMs);
  let reconciled = false;
  for (;;) {
    const row = await prisma.paymentRecord.findUnique({ where: { nonceKey } });
    if (!row || !belongs(row)) return null;
    if (row.outcome === "settled") {
      // Past its retention the answer is gone, whether or not the reconciler's sweep has dropped it yet.
      if (row.answer === null || (row.answerExpiresAt !== null && row.answerExpiresAt.getTime() <= Date.now())) return gone(row);
      if (!(await handOut(row))) return null;
      const header = encodePaymentResponseHeader({
        success: true,
        transaction: row.transactionHash ?? "",
        // The row keeps the network's CAIP-2 id; a v1 settlement named it as v1 does ("base"), and so does its copy.
        network: (version === 1 && payments.config.v1Network ? payments.config.v1Network : row.network) as `${string}:${string}`,
        payer: getAddress(row.payer),
      });
      return {
        answer: JSON.parse(row.answer),
        payer: row.payer,
        requestId: row.requestId,
        headers: version === 2 ? { "payment-response": header } : { "x-payment-response": header },
      };
    }
    if (row.outcome !== "reserved" && row.outcome !== "settling") return null; // nothing charged: use it as usual

    // Another presentation has it in hand, or a crash left it: wait for it, then ask the chain.
    const quiet = Date.now() - row.updatedAt.getTime() >= REQUEST_LEASE_MS;
    if ((quiet || Date.now() >= waitUntil) && !reconciled) {
      reconciled = true;
      const open: OpenPayment = {
        nonce_key: row.nonceKey,
        payer: row.payer,
        outcome: row.outcome,
        authorization_nonce: row.authorizationNonce,
        valid_before: row.validBefore,
        transaction_hash: row.transactionHash,
        request_id: row.requestId,
        created_at: row.createdAt,
        updated_at: row.updatedAt,
      };
      const result = await reconcilePayment(prisma, open, {
        chain: chainReaderFor(payments.config),
        now: new Date(),
        blockTimeMs,
        staleAfterMs: REQUEST_LEASE_MS,
      }).catch(() => "open" as const);
      if (result !== "open") continue;
    }
    if (Date.now() >= waitUntil) {
      const seconds = Math.max(2, Math.ceil((2 * blockTimeMs) / 1000));
      throw paymentUnavailable(
        stillSettling?.(seconds) ??
          `This payment is being settled for this same request. Repeat the request with the same payment in ${seconds} s to get the answer; it is charged once.`,
        seconds,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(250, Math.max(50, blockTimeMs / 8))));
  }
}

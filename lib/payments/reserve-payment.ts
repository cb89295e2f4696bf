// One signed authorization is served at most once: before any work, its nonce is reserved in the
// payment ledger (unique key), also against concurrent requests and other instances. The row records
// the authorization (payer, nonce, validBefore), the proof's signature hash and what was asked, so that a
// crash at any later point can be finished from the chain (reconcile-payments.ts) and the same proof can
// fetch its answer again (serve-paid-again.ts). A reservation that ended without a charge (released, or
// settle_failed) may be presented again.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Requirements } from "./build-requirements";
import { paymentRequired } from "./payment-errors";
import type { VerifiedPayment } from "./verify-payment";

export interface Reservation {
  nonceKey: string;
}

export interface ReservePaymentOptions {
  prisma: PrismaClient;
  payment: VerifiedPayment;
  requirements: Requirements;
  endpoint: string;
  requestId: string;
  /** sha256 of what was asked (run-paid.ts). */
  fingerprint: string;
}

export async function reservePayment({ prisma, payment, requirements, endpoint, requestId, fingerprint }: ReservePaymentOptions): Promise<Reservation | null> {
  const rows = await prisma.$queryRawUnsafe<{ nonce_key: string }[]>(
    `INSERT INTO payment_records (id, nonce_key, payer, amount_base_units, network, asset, pay_to, endpoint, request_id, outcome, attempts,
                                  authorization_nonce, valid_before, signature_hash, request_fingerprint, updated_at)
     VALUES (gen_random_uuid(), $1, $2, $3::bigint, $4, $5, $6, $7, $8, 'reserved', 1, $9, $10::timestamptz, $11, $12, now())
     ON CONFLICT (nonce_key) DO UPDATE
       SET outcome = 'reserved', endpoint = EXCLUDED.endpoint, request_id = EXCLUDED.request_id,
           attempts = payment_records.attempts + 1, failure_reason = NULL, transaction_hash = NULL,
           valid_before = EXCLUDED.valid_before, signature_hash = EXCLUDED.signature_hash,
           request_fingerprint = EXCLUDED.request_fingerprint, quota_day = NULL, quota_queries = 0,
           succeeded_queries = NULL, answer = NULL, answer_expires_at = NULL, updated_at = now()
       WHERE payment_records.outcome IN ('released', 'settle_failed')
     RETURNING nonce_key`,
    payment.nonceKey,
    payment.payer,
    payment.amount.toString(),
    requirements.v2.network,
    requirements.v2.asset.toLowerCase(),
    requirements.v2.payTo.toLowerCase(),
    endpoint,
    requestId,
    payment.authorizationNonce,
    payment.validBefore.toISOString(),
    payment.signatureHash,
    fingerprint,
  );
  // Null: another presentation holds it (run-paid.ts serves that one's answer to a copy of the same request).
  return rows.length === 0 ? null : { nonceKey: payment.nonceKey };
}

export function alreadyUsed(requirements: Requirements) {
  return paymentRequired(
    requirements,
    "This payment authorization has already been used (for another request, or for this one where its answer is the wallet's own and is not kept); sign a new one.",
  );
}

// One signed authorization is served at most once: before any work, its nonce is reserved in the
// payment ledger (unique key), also against concurrent requests and other instances. A reservation
// released after a failure (nothing was settled) may be presented again.
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
}

export async function reservePayment({ prisma, payment, requirements, endpoint, requestId }: ReservePaymentOptions): Promise<Reservation> {
  const rows = await prisma.$queryRawUnsafe<{ nonce_key: string }[]>(
    `INSERT INTO payment_records (id, nonce_key, payer, amount_base_units, network, asset, pay_to, endpoint, request_id, outcome, attempts, updated_at)
     VALUES (gen_random_uuid(), $1, $2, $3::bigint, $4, $5, $6, $7, $8, 'reserved', 1, now())
     ON CONFLICT (nonce_key) DO UPDATE
       SET outcome = 'reserved', endpoint = EXCLUDED.endpoint, request_id = EXCLUDED.request_id,
           attempts = payment_records.attempts + 1, failure_reason = NULL, updated_at = now()
       WHERE payment_records.outcome = 'released'
     RETURNING nonce_key`,
    payment.nonceKey,
    payment.payer,
    payment.amount.toString(),
    requirements.v2.network,
    requirements.v2.asset.toLowerCase(),
    requirements.v2.payTo.toLowerCase(),
    endpoint,
    requestId,
  );
  if (rows.length === 0) {
    throw paymentRequired(requirements, "This payment authorization has already been used for another request; sign a new one.");
  }
  return { nonceKey: payment.nonceKey };
}

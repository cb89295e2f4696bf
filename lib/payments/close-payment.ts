// A payment's final outcome, written once (only from reserved or settling), with what follows from it in
// the same transaction: settled → the request's held callback deliveries become dispatchable and the
// daily quota of its failed queries is given back; released or settle_failed (nothing charged) → its held
// deliveries are deleted, its whole daily quota is given back and its stored answer is dropped. Used by
// the request itself (run-paid.ts) and by the reconciler after a crash (reconcile-payments.ts).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { releaseDailyQuota } from "@/lib/limits/reserve-daily-quota";

export type PaymentOutcome =
  | { outcome: "settled"; transactionHash: string | null }
  | { outcome: "released" | "settle_failed"; reason: string };

interface ClosedRow {
  payer: string;
  request_id: string;
  quota_day: Date | null;
  quota_queries: number;
  succeeded_queries: number | null;
}

/**
 * Returns false when the payment was already final (another request or the reconciler closed it). With
 * `requestId`, only while that request still holds the reservation (a replay may have taken it over).
 */
export async function closePayment(prisma: PrismaClient, nonceKey: string, result: PaymentOutcome, now: Date = new Date(), requestId: string | null = null): Promise<boolean> {
  const settled = result.outcome === "settled";
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRawUnsafe<ClosedRow[]>(
      `UPDATE payment_records
          SET outcome = $2,
              transaction_hash = CASE WHEN $2 = 'settled' THEN COALESCE($3, transaction_hash) ELSE transaction_hash END,
              failure_reason = $4,
              settled_at = CASE WHEN $2 = 'settled' THEN $5::timestamptz ELSE NULL END,
              answer = CASE WHEN $2 = 'settled' THEN answer ELSE NULL END,
              answer_expires_at = CASE WHEN $2 = 'settled' THEN answer_expires_at ELSE NULL END,
              updated_at = now()
        WHERE nonce_key = $1 AND outcome IN ('reserved', 'settling') AND ($6::text IS NULL OR request_id = $6::text)
      RETURNING payer, request_id, quota_day, quota_queries, succeeded_queries`,
      nonceKey,
      result.outcome,
      settled ? result.transactionHash : null,
      settled ? null : result.reason.slice(0, 500),
      now.toISOString(),
      requestId,
    );
    const row = rows[0];
    if (!row) return false;
    if (settled) {
      await tx.$executeRawUnsafe(`UPDATE callback_deliveries SET status = 'pending', updated_at = now() WHERE request_id = $1 AND status = 'held'`, row.request_id);
    } else {
      await tx.$executeRawUnsafe(`DELETE FROM callback_deliveries WHERE request_id = $1 AND status = 'held'`, row.request_id);
    }
    if (row.quota_day) {
      const unused = settled ? row.quota_queries - (row.succeeded_queries ?? row.quota_queries) : row.quota_queries;
      // The transaction client runs the same raw SQL as the client.
      await releaseDailyQuota(tx as unknown as PrismaClient, `wallet:${row.payer}`, unused, new Date(row.quota_day));
    }
    return true;
  });
}

// A payment's final outcome, written once (only from reserved or settling), with what follows from it in
// the same statement (one atomic round trip): settled → the request's held callback deliveries become
// dispatchable, the signing key its rotation made takes effect, and the daily quota of its failed queries is
// given back; released or settle_failed (nothing charged) → its held deliveries and its rotation's key are
// deleted, its whole daily quota is given back and its stored answer is dropped. Used by the request itself
// (run-paid.ts) and by the reconciler after a crash (reconcile-payments.ts).
import type { PrismaClient } from "@/lib/generated/prisma/client";

export type PaymentOutcome =
  | { outcome: "settled"; transactionHash: string | null }
  | { outcome: "released" | "settle_failed"; reason: string };

/**
 * Returns false when the payment was already final (another request or the reconciler closed it). With
 * `requestId`, only while that request still holds the reservation (a replay may have taken it over).
 */
export async function closePayment(prisma: PrismaClient, nonceKey: string, result: PaymentOutcome, now: Date = new Date(), requestId: string | null = null): Promise<boolean> {
  const settled = result.outcome === "settled";
  const rows = await prisma.$queryRawUnsafe<{ closed: number }[]>(
    `WITH closed AS (
       UPDATE payment_records
          SET outcome = $2,
              transaction_hash = CASE WHEN $2 = 'settled' THEN COALESCE($3, transaction_hash) ELSE transaction_hash END,
              failure_reason = $4,
              settled_at = CASE WHEN $2 = 'settled' THEN $5::timestamptz ELSE NULL END,
              answer = CASE WHEN $2 = 'settled' THEN answer ELSE NULL END,
              answer_expires_at = CASE WHEN $2 = 'settled' THEN answer_expires_at ELSE NULL END,
              answer_awaited_since = CASE WHEN $2 = 'settled' THEN answer_awaited_since ELSE NULL END,
              updated_at = now()
        WHERE nonce_key = $1 AND outcome IN ('reserved', 'settling') AND ($6::text IS NULL OR request_id = $6::text)
       RETURNING payer, request_id, quota_day, quota_queries,
                 CASE WHEN $2 = 'settled' THEN quota_queries - COALESCE(succeeded_queries, quota_queries) ELSE quota_queries END AS unused
     ),
     released AS (
       UPDATE callback_deliveries SET status = 'pending', updated_at = now()
        WHERE $2 = 'settled' AND status = 'held' AND request_id IN (SELECT request_id FROM closed)
       RETURNING 1
     ),
     removed AS (
       DELETE FROM callback_deliveries
        WHERE $2 <> 'settled' AND status = 'held' AND request_id IN (SELECT request_id FROM closed)
       RETURNING 1
     ),
     activated AS (
       UPDATE signing_keys SET activated_at = GREATEST($5::timestamptz, created_at), pending_request_id = NULL
        WHERE $2 = 'settled' AND pending_request_id IN (SELECT request_id FROM closed)
       RETURNING 1
     ),
     discarded AS (
       DELETE FROM signing_keys
        WHERE $2 <> 'settled' AND pending_request_id IN (SELECT request_id FROM closed)
       RETURNING 1
     ),
     quota AS (
       UPDATE rate_limit_counters AS counter SET count = GREATEST(counter.count - closed.unused, 0)
         FROM closed
        WHERE closed.quota_day IS NOT NULL AND closed.unused > 0 AND counter.subject = 'wallet:' || closed.payer
          AND counter."window" = 'day' AND counter.window_start = closed.quota_day
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM closed)::int AS closed, (SELECT count(*) FROM released) + (SELECT count(*) FROM removed) + (SELECT count(*) FROM activated) +
            (SELECT count(*) FROM discarded) + (SELECT count(*) FROM quota) AS effects`,
    nonceKey,
    result.outcome,
    settled ? result.transactionHash : null,
    settled ? null : result.reason.slice(0, 500),
    now.toISOString(),
    requestId,
  );
  return (rows[0]?.closed ?? 0) > 0;
}

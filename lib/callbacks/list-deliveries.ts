// GET /v2/wallet/deliveries: the paying wallet's deliveries, newest last_attempt_at first, filtered by
// status and `since` (on last_attempt_at), paged with an opaque keyset cursor. A delivery is listed from
// its first attempt on (it has no attempt times before).
//
// A pass of pages lists the history as it stood when its first page was asked for (the cursor carries that
// moment): each delivery's attempts up to then, read from the attempt log. So a delivery retried while an
// agent pages keeps its place in that pass instead of moving above the cursor; every delivery that had been
// attempted when the pass began comes exactly once, and the next pass shows the retry.
//
// "Up to then" counts an attempt from when it ended (its time plus its duration), not from its time: an
// attempt is stamped when its POST begins but written when the receiver has answered (up to the 10 s
// time-out later), so one under way when the first page was read would be missing from that page and
// present, newer than the cursor, on the next: its delivery skipped in the pass. (Left: an attempt that
// ended in the milliseconds before the first page but was written just after it; and clocks of instances
// that disagree by more than that.)
import type { DeliveryRecord, WalletDeliveriesResponse } from "@/contract";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { MAX_ATTEMPTS } from "./delivery-schedule";
import { decodeCursor, encodeCursor } from "@/lib/deliveries/cursor";
import type { DeliveryPageOptions } from "@/lib/deliveries/page-deliveries";
import { walletMeta, type MetaBase } from "@/lib/meta";

export interface ListDeliveriesOptions {
  prisma: PrismaClient;
  wallet: string;
  page: DeliveryPageOptions;
  meta: MetaBase;
  queryCostUsd: number;
}

interface Row {
  id: string;
  case_id: string | null;
  court_code: string | null;
  callback_url: string;
  idempotency_key: string;
  attempts: number;
  first_at: Date;
  last_at: Date;
  last_code: number | null;
  status: DeliveryRecord["status"];
}

export async function listDeliveries({ prisma, wallet, page, meta, queryCostUsd }: ListDeliveriesOptions): Promise<WalletDeliveriesResponse> {
  const after = page.cursor === null ? null : decodeCursor(page.cursor);
  // The pass began at the first page (a cursor from before 2.1.0 carries no moment: its page starts a pass).
  const asOf = after?.asOf ? new Date(after.asOf) : new Date(meta.queried_at);
  const rows = await prisma.$queryRawUnsafe<Row[]>(
    `WITH snapshot AS (
       SELECT a.delivery_id,
              count(*)::int AS attempts,
              min(a.attempted_at) AS first_at,
              max(a.attempted_at) AS last_at,
              (array_agg(a.response_code ORDER BY a.attempt_number DESC))[1] AS last_code,
              max(a.attempt_number) AS last_number
       FROM callback_attempts a
       JOIN callback_deliveries d ON d.id = a.delivery_id
       WHERE d.wallet_address = $1
         AND a.attempted_at + make_interval(secs => coalesce(a.duration_ms, 0) / 1000.0) <= $2::timestamptz
       GROUP BY a.delivery_id
     ), listed AS (
       SELECT d.id, d.case_id, d.court_code, d.callback_url, d.idempotency_key::text AS idempotency_key,
              s.attempts, s.first_at, s.last_at, s.last_code,
              CASE WHEN s.last_code BETWEEN 200 AND 299 THEN 'succeeded'
                   WHEN s.last_number >= $3 THEN 'failed'
                   ELSE 'retrying' END AS status
       FROM snapshot s JOIN callback_deliveries d ON d.id = s.delivery_id
     )
     SELECT * FROM listed
     WHERE ($4::text IS NULL OR status = $4)
       AND ($5::timestamptz IS NULL OR last_at > $5::timestamptz)
       AND ($6::timestamptz IS NULL OR last_at < $6::timestamptz OR (last_at = $6::timestamptz AND id < $7))
     ORDER BY last_at DESC, id DESC
     LIMIT $8`,
    wallet,
    asOf.toISOString(),
    MAX_ATTEMPTS,
    page.status,
    page.since?.toISOString() ?? null,
    after ? new Date(after.lastAttemptAt).toISOString() : null,
    after?.deliveryId ?? null,
    page.limit + 1,
  );
  const shown = rows.slice(0, page.limit);
  const deliveries: DeliveryRecord[] = shown.map((row) => ({
    delivery_id: row.id,
    case_id: row.case_id,
    court_code: row.court_code,
    callback_url: row.callback_url,
    status: row.status,
    attempts: row.attempts,
    first_attempt_at: row.first_at.toISOString(),
    last_attempt_at: row.last_at.toISOString(),
    last_response_code: row.last_code,
    idempotency_key: row.idempotency_key,
  }));
  const last = shown.at(-1);
  return {
    meta: walletMeta(meta, queryCostUsd),
    wallet,
    deliveries,
    next_cursor:
      rows.length > page.limit && last
        ? encodeCursor({ asOf: asOf.toISOString(), lastAttemptAt: last.last_at.toISOString(), deliveryId: last.id })
        : null,
  };
}

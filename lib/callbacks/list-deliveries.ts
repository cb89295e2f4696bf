// GET /v2/wallet/deliveries: the paying wallet's deliveries, newest last_attempt_at first, filtered by
// status and `since` (on last_attempt_at), paged with an opaque keyset cursor. A delivery is listed from
// its first attempt on (it has no attempt times before).
import type { DeliveryRecord, WalletDeliveriesResponse } from "@/contract";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
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

export async function listDeliveries({ prisma, wallet, page, meta, queryCostUsd }: ListDeliveriesOptions): Promise<WalletDeliveriesResponse> {
  const after = page.cursor === null ? null : decodeCursor(page.cursor);
  const where: Prisma.CallbackDeliveryWhereInput = {
    walletAddress: wallet,
    attempts: { gt: 0 },
    ...(page.status ? { status: page.status } : {}),
    AND: [
      page.since ? { lastAttemptAt: { gt: page.since } } : {},
      after
        ? {
            OR: [
              { lastAttemptAt: { lt: new Date(after.lastAttemptAt) } },
              { lastAttemptAt: new Date(after.lastAttemptAt), id: { lt: after.deliveryId } },
            ],
          }
        : {},
    ],
  };
  const rows = await prisma.callbackDelivery.findMany({
    where,
    orderBy: [{ lastAttemptAt: "desc" }, { id: "desc" }],
    take: page.limit + 1,
  });
  const shown = rows.slice(0, page.limit);
  const deliveries: DeliveryRecord[] = shown.map((row) => ({
    delivery_id: row.id,
    case_id: row.caseId,
    court_code: row.courtCode,
    callback_url: row.callbackUrl,
    status: row.status as DeliveryRecord["status"],
    attempts: row.attempts,
    first_attempt_at: row.firstAttemptAt!.toISOString(),
    last_attempt_at: row.lastAttemptAt!.toISOString(),
    last_response_code: row.lastResponseCode,
    idempotency_key: row.idempotencyKey,
  }));
  const last = shown.at(-1);
  return {
    meta: walletMeta(meta, queryCostUsd),
    wallet,
    deliveries,
    next_cursor:
      rows.length > page.limit && last ? encodeCursor({ lastAttemptAt: last.lastAttemptAt!.toISOString(), deliveryId: last.id }) : null,
  };
}

// A paid case query that names a callback_url gets a delivery: its record (with the exact body every
// attempt will post) is written before the response returns, so nothing is lost if the process dies.
// It is created `held`: nothing sends it until its request's payment settled (lib/payments/close-payment.ts
// releases it then, or deletes it when nothing was charged); then it is handed to the delivery function
// (finish-request-deliveries.ts, or the sweep).
import { randomBytes, randomUUID } from "node:crypto";
import type { CaseResponse, WebhookInfo } from "@/contract";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { ensureWalletRow } from "@/lib/wallet/ensure-wallet-row";
import { EVENT_TYPE, WEBHOOK_VERSION } from "./delivery-schedule";

export interface DeliveryRequest {
  caseId: string;
  courtCode: string;
  callbackUrl: string;
  /** The synchronous response body as the caller received it (v2, or v1's through /v1/case), sent as `payload`. */
  payload: CaseResponse | Record<string, unknown>;
  /** The answer's `meta.queried_at` (the database's clock): the webhook is not dated before it. */
  queriedAt?: string;
}

export interface CreateDeliveriesOptions {
  prisma: PrismaClient;
  wallet: string;
  requestId: string;
  deliveries: readonly DeliveryRequest[];
  now: Date;
}

export async function createDeliveries({ prisma, wallet, requestId, deliveries, now }: CreateDeliveriesOptions): Promise<string[]> {
  if (deliveries.length === 0) return [];
  // The contract's callbackDeliveryBodySchema describes these bodies to receivers.
  const webhookOf = (delivery: DeliveryRequest): WebhookInfo => {
    // `now` is the request's start by this instance's clock; the answer's queried_at is read later from the
    // database's. A webhook dated before the answer it carries would read as created before the query ended.
    const answered = delivery.queriedAt === undefined ? Number.NaN : Date.parse(delivery.queriedAt);
    const created = Number.isNaN(answered) ? now.getTime() : Math.max(now.getTime(), answered);
    return { version: WEBHOOK_VERSION, event_type: EVENT_TYPE, date_created: new Date(created).toISOString(), deprecation_date: null };
  };
  const rows = deliveries.map((delivery) => ({
    id: `dlv_${randomBytes(12).toString("hex")}`,
    walletAddress: wallet,
    requestId,
    caseId: delivery.caseId,
    courtCode: delivery.courtCode,
    callbackUrl: delivery.callbackUrl,
    status: "held",
    attempts: 0,
    idempotencyKey: randomUUID(),
    body: JSON.stringify({ payload: delivery.payload, webhook: webhookOf(delivery) }),
  }));
  await prisma.$transaction([
    // Not Prisma's upsert (a SELECT, then an INSERT that races): concurrent first requests of a new wallet
    // would fail on the unique key.
    ensureWalletRow(prisma, wallet),
    prisma.callbackDelivery.createMany({ data: rows }),
  ]);
  return rows.map((row) => row.id);
}

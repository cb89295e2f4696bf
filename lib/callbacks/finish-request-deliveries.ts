// What happens to a request's deliveries once its payment is decided. They were created `held` and are
// released (made `pending`) by the payment's settlement itself (lib/payments/close-payment.ts, also when
// the reconciler settles after a crash), or deleted when nothing was charged. Here, after the answer was
// sent, the released ones are handed to the delivery function: within a bounded time, and never holding
// the answer back; what is not handed over now, the sweep (inngest/functions/sweep-deliveries.ts) hands
// over later.
import { getPrisma } from "@/lib/db";
import { logEvent } from "@/lib/log";

/** Sends one "deliver" event per delivery id; throws when the events could not be handed over. */
export type DeliverySender = (deliveryIds: string[]) => Promise<void>;

/** Longest wait for the event API: a slow or silent one is left to the sweep. */
export const HANDOVER_TIMEOUT_MS = 5_000;

export async function finishRequestDeliveries(requestId: string, settled: boolean, send: DeliverySender): Promise<void> {
  const prisma = await getPrisma();
  if (!settled) {
    await prisma.callbackDelivery.deleteMany({ where: { requestId, status: "held" } });
    return;
  }
  const pending = await prisma.callbackDelivery.findMany({ where: { requestId, dispatchedAt: null, status: "pending" }, select: { id: true } });
  if (pending.length === 0) return;
  const ids = pending.map((row) => row.id);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      send(ids),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`the event API did not answer within ${HANDOVER_TIMEOUT_MS} ms`)), HANDOVER_TIMEOUT_MS);
        timer.unref();
      }),
    ]);
    await prisma.callbackDelivery.updateMany({ where: { id: { in: ids } }, data: { dispatchedAt: new Date() } });
  } catch (error) {
    // The records stay undispatched: the sweep, or the development runner, picks them up. A late hand-over
    // that still succeeds is harmless: the event id is the delivery's, so Inngest runs it once.
    logEvent("warn", "callback deliveries not handed over yet", { request_id: requestId, count: ids.length, detail: String(error) });
  } finally {
    clearTimeout(timer);
  }
}

// What happens to a request's deliveries once its payment is decided: handed to the delivery function
// when the payment settled, deleted when it did not (the caller did not pay for them).
import { getPrisma } from "@/lib/db";
import { logEvent } from "@/lib/log";

/** Sends one "deliver" event per delivery id; throws when the events could not be handed over. */
export type DeliverySender = (deliveryIds: string[]) => Promise<void>;

export async function finishRequestDeliveries(requestId: string, settled: boolean, send: DeliverySender): Promise<void> {
  const prisma = await getPrisma();
  if (!settled) {
    await prisma.callbackDelivery.deleteMany({ where: { requestId, status: "pending", attempts: 0 } });
    return;
  }
  const pending = await prisma.callbackDelivery.findMany({ where: { requestId, dispatchedAt: null, status: "pending" }, select: { id: true } });
  if (pending.length === 0) return;
  const ids = pending.map((row) => row.id);
  try {
    await send(ids);
    await prisma.callbackDelivery.updateMany({ where: { id: { in: ids } }, data: { dispatchedAt: new Date() } });
  } catch (error) {
    // The records stay undispatched: the sweep (inngest/functions/sweep-deliveries.ts), or the development
    // runner, picks them up. The caller's answer is not held back for this.
    logEvent("warn", "callback deliveries not handed over yet", { request_id: requestId, count: ids.length, detail: String(error) });
  }
}

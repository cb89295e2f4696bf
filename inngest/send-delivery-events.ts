// Hands deliveries to the delivery function (used by the route handlers once a payment is settled, and
// by the sweep).
import { handOverEventId, type HandOver } from "@/lib/callbacks/find-deliveries-to-hand-over";
import { inngest } from "./client";
import { callbackDeliveryRequested } from "./events";

/** First hand-overs: the delivery id makes the event id, so a delivery handed over twice runs once. */
export async function sendDeliveryEvents(deliveryIds: string[]): Promise<void> {
  await sendHandOvers(deliveryIds.map((deliveryId) => ({ deliveryId, eventId: handOverEventId(deliveryId, 0), handOver: 0 })));
}

export async function sendHandOvers(handOvers: HandOver[]): Promise<void> {
  if (handOvers.length === 0) return;
  await inngest.send(
    handOvers.map(({ deliveryId, eventId, handOver }) => callbackDeliveryRequested.create({ delivery_id: deliveryId, hand_over: handOver }, { id: eventId })),
  );
}

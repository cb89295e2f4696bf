// Hands deliveries to the delivery function (used by the route handlers once a payment is settled, and
// by the sweep).
import { inngest } from "./client";
import { callbackDeliveryRequested } from "./events";

export async function sendDeliveryEvents(deliveryIds: string[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  // The delivery id doubles as the event id: a delivery handed over twice runs once.
  await inngest.send(deliveryIds.map((id) => callbackDeliveryRequested.create({ delivery_id: id }, { id: `delivery-${id}` })));
}

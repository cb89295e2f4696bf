// Typed events of the service's background work.
import { eventType } from "inngest";
import { z } from "zod";

/** Refresh the tracked cases of one court (fanned out by the scheduled functions). */
export const courtRefreshRequested = eventType("courts/refresh.requested", {
  schema: z.object({ court_code: z.string().min(1) }),
});

/** Deliver one signed callback (the record is in callback_deliveries). */
export const callbackDeliveryRequested = eventType("callbacks/delivery.requested", {
  schema: z.object({ delivery_id: z.string().min(1) }),
});

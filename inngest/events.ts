// Typed events of the service's background work.
import { eventType } from "inngest";
import { z } from "zod";

/** Refresh the tracked cases of one court (fanned out by the scheduled functions). */
export const courtRefreshRequested = eventType("courts/refresh.requested", {
  // refresh_group (lib/refresh/refresh-group.ts): the courts whose runs share a court system's host, one step
  // (chunk of cases) at a time among them. Optional: events sent before it existed have none.
  schema: z.object({ court_code: z.string().min(1), refresh_group: z.string().min(1).optional() }),
});

/**
 * Deliver one signed callback (the record is in callback_deliveries). `hand_over`: which hand-over of the
 * delivery this is (its `resumes` then; 0 or absent for the first): a run posts only while it is the latest.
 */
export const callbackDeliveryRequested = eventType("callbacks/delivery.requested", {
  schema: z.object({ delivery_id: z.string().min(1), hand_over: z.number().int().min(0).optional() }),
});

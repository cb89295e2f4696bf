// Delivers one signed callback: up to 7 attempts, each its own step (a retried step never posts twice),
// with step.sleep between them per the spec's schedule (3, 9, 27, 81, 243, 729 minutes). A 2xx ends the
// delivery as succeeded; after the 7th failed attempt it is failed.
import { attemptDelivery, type AttemptResult } from "@/lib/callbacks/attempt-delivery";
import { DELAYS_MINUTES, MAX_ATTEMPTS } from "@/lib/callbacks/delivery-schedule";
import { now } from "@/lib/clock";
import { getPrisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { inngest } from "../client";
import { callbackDeliveryRequested } from "../events";

export const deliverCallback = inngest.createFunction(
  { id: "deliver-callback", triggers: [callbackDeliveryRequested], idempotency: "event.data.delivery_id" },
  async ({ event, step }) => {
    const deliveryId = event.data.delivery_id;
    let last: AttemptResult | null = null;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      if (attempt > 1) await step.sleep(`wait-${attempt - 1}`, `${DELAYS_MINUTES[attempt - 2]}m`);
      last = await step.run(`attempt-${attempt}`, async () =>
        attemptDelivery({
          prisma: await getPrisma(),
          deliveryId,
          attempt,
          now,
          allowPrivateTargets: getEnv().CALLBACK_ALLOW_PRIVATE_TARGETS,
        }),
      );
      if (last.state !== "retrying") break;
    }
    return { delivery_id: deliveryId, state: last?.state, attempts: last?.attempt };
  },
);

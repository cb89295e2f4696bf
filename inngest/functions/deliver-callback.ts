// Delivers one signed callback: up to 7 attempts, each its own step (a retried step never posts twice),
// each attempt due the spec's delay after the previous one (3, 9, 27, 81, 243, 729 minutes). A 2xx ends the
// delivery as succeeded; after the 7th failed attempt it is failed.
//
// A run that fails (a step's retries used up) hands its delivery back (onFailure); the sweep hands it over
// again as a new run, under an event id of its own, and that run carries on from the attempts recorded: an
// attempt made is not made again, and the next one is due on the schedule, counted from the last one (at
// once when that time has passed). So no `idempotency` on the delivery id here: the first hand-over's event
// id is the delivery's (inngest/send-delivery-events.ts), which Inngest takes once. A run only late, not dead,
// may still wake after its delivery was handed over again: each event says which hand-over it is, and a run
// that is no longer the latest posts nothing (attempt-delivery.ts) and ends.
import { attemptDelivery, type AttemptResult } from "@/lib/callbacks/attempt-delivery";
import { DELAYS_MINUTES, MAX_ATTEMPTS, nextAttemptDue } from "@/lib/callbacks/delivery-schedule";
import { releaseFailedRun } from "@/lib/callbacks/release-failed-run";
import { now } from "@/lib/clock";
import { getPrisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { logEvent } from "@/lib/log";
import { inngest } from "../client";
import { callbackDeliveryRequested } from "../events";

export const deliverCallback = inngest.createFunction(
  {
    id: "deliver-callback",
    triggers: [callbackDeliveryRequested],
    onFailure: async ({ event, error }) => {
      const { delivery_id: deliveryId, hand_over: handOver = 0 } = event.data.event.data;
      const released = await releaseFailedRun(await getPrisma(), deliveryId, handOver, now());
      logEvent("error", "callback delivery run failed", { delivery_id: deliveryId, hand_over: handOver, released, detail: error.message });
    },
  },
  async ({ event, step }) => {
    const { delivery_id: deliveryId, hand_over: handOver = 0 } = event.data;
    let last: AttemptResult | null = null;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      if (attempt > 1) {
        // A result memoized by a run of the version before has no time: it waits the delay as that one did.
        if (last?.attemptedAt) await step.sleepUntil(`wait-${attempt - 1}`, nextAttemptDue(new Date(last.attemptedAt), attempt));
        else await step.sleep(`wait-${attempt - 1}`, `${DELAYS_MINUTES[attempt - 2]}m`);
      }
      last = await step.run(`attempt-${attempt}`, async () =>
        attemptDelivery({
          prisma: await getPrisma(),
          deliveryId,
          attempt,
          now,
          allowPrivateTargets: getEnv().CALLBACK_ALLOW_PRIVATE_TARGETS,
          handOver,
        }),
      );
      if (last.state !== "retrying") break;
    }
    return { delivery_id: deliveryId, state: last?.state, attempts: last?.attempt };
  },
);

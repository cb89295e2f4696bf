// Every 5 minutes: deliveries whose hand-over to Inngest failed when their request was answered (the
// records exist, nothing is lost), and deliveries whose run failed or stopped before their schedule ended,
// are handed over now (lib/callbacks/find-deliveries-to-hand-over.ts says which, and under which event id).
import { cron } from "inngest";
import { findDeliveriesToHandOver } from "@/lib/callbacks/find-deliveries-to-hand-over";
import { getPrisma } from "@/lib/db";
import { inngest } from "../client";
import { sendHandOvers } from "../send-delivery-events";

export const sweepDeliveries = inngest.createFunction({ id: "sweep-undispatched-deliveries", triggers: [cron("*/5 * * * *")] }, async ({ step }) => {
  const handOvers = await step.run("find deliveries to hand over", async () => findDeliveriesToHandOver(await getPrisma(), new Date()));
  if (handOvers.length > 0) {
    await step.run("hand them over", async () => {
      await sendHandOvers(handOvers);
      await (await getPrisma()).callbackDelivery.updateMany({
        where: { id: { in: handOvers.map((handOver) => handOver.deliveryId) }, dispatchedAt: null },
        data: { dispatchedAt: new Date() },
      });
    });
  }
  return { handed_over: handOvers.length };
});

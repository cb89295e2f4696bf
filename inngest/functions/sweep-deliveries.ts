// Every 5 minutes: deliveries whose hand-over to Inngest failed when their request was answered (the
// records exist, nothing is lost) are handed over now.
import { cron } from "inngest";
import { getPrisma } from "@/lib/db";
import { inngest } from "../client";
import { sendDeliveryEvents } from "../send-delivery-events";

const STALE_AFTER_MS = 60_000;

export const sweepDeliveries = inngest.createFunction({ id: "sweep-undispatched-deliveries", triggers: [cron("*/5 * * * *")] }, async ({ step }) => {
  const ids = await step.run("find undispatched deliveries", async () => {
    const rows = await (await getPrisma()).callbackDelivery.findMany({
      where: { status: "pending", dispatchedAt: null, createdAt: { lt: new Date(Date.now() - STALE_AFTER_MS) } },
      select: { id: true },
      take: 500,
    });
    return rows.map((row) => row.id);
  });
  if (ids.length > 0) {
    await step.run("hand them over", async () => {
      await sendDeliveryEvents(ids);
      await (await getPrisma()).callbackDelivery.updateMany({ where: { id: { in: ids } }, data: { dispatchedAt: new Date() } });
    });
  }
  return { handed_over: ids.length };
});

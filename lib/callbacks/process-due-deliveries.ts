// Development without Inngest (`npm run dev`): attempts the deliveries that are due, on the same schedule
// and with the same attempt code as the Inngest function (inngest/functions/deliver-callback.ts).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { attemptDelivery } from "./attempt-delivery";
import { nextAttemptDue } from "./delivery-schedule";

export async function processDueDeliveries(prisma: PrismaClient, now: () => Date, allowPrivateTargets: boolean): Promise<number> {
  const open = await prisma.callbackDelivery.findMany({
    where: { status: { in: ["pending", "retrying"] } },
    select: { id: true, attempts: true, lastAttemptAt: true },
    take: 100,
  });
  let attempted = 0;
  for (const delivery of open) {
    const next = delivery.attempts + 1;
    const due = delivery.attempts === 0 || (delivery.lastAttemptAt !== null && nextAttemptDue(delivery.lastAttemptAt, next) <= now());
    if (!due) continue;
    await attemptDelivery({ prisma, deliveryId: delivery.id, attempt: next, now, allowPrivateTargets });
    attempted += 1;
  }
  return attempted;
}

// A delivery run that failed for good (Inngest used up its steps' retries: the database away longer than
// they last, the signing keys unreadable) hands its delivery back instead of leaving it `pending` or
// `retrying` with nothing to attempt it again. The sweep (find-deliveries-to-hand-over.ts) hands it over
// again later as a new run, which carries on from the attempts recorded. Only an open delivery that the failed
// run still held is released: a finished one stays as it is, and a second report of the same failure, or a
// late one after the delivery went to a later run, changes nothing.
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

/** What releasing a delivery writes (here, and for a run that stopped unreported: find-deliveries-to-hand-over.ts). */
export function releasedDelivery(now: Date): Prisma.CallbackDeliveryUpdateManyMutationInput {
  return { dispatchedAt: null, releasedAt: now, resumes: { increment: 1 } };
}

/**
 * Releases the delivery if the failed run still held it (`handOver`: the hand-over the run was started by);
 * false when there was nothing to release. A late report of a run whose delivery was already handed to a
 * later run must not take it from that one.
 */
export async function releaseFailedRun(prisma: PrismaClient, deliveryId: string, handOver: number, now: Date): Promise<boolean> {
  const { count } = await prisma.callbackDelivery.updateMany({
    // Whether its hand-over was recorded or not (one that reached Inngest late still started the run).
    where: { id: deliveryId, status: { in: ["pending", "retrying"] }, resumes: handOver },
    data: releasedDelivery(now),
  });
  return count > 0;
}

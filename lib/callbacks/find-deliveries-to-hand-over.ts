// What the sweep hands to the delivery function, each with the event id it goes out under:
// - a delivery whose first hand-over is not on record (its request's hand-over failed or timed out), a minute
//   after it was made: event `delivery-<id>`, the id the request's own hand-over used (Inngest runs one of the
//   two);
// - a delivery whose run failed and handed it back (release-failed-run.ts), after a wait that doubles with
//   each such hand-over (5 minutes, then 10, ... up to 6 hours: a cause that lasts is not hammered, and the
//   delivery carries on within the wait once it is gone): event `delivery-<id>-resume-<n>`, new for each
//   (an event id is taken once a day);
// - a delivery whose run stopped without reporting its failure (the report itself failed, say: the database
//   was away for both), seen by its next attempt being over an hour late: released here, handed over by a
//   later sweep like the others.
// Each hand-over's event says which it is (`hand_over`: the delivery's `resumes` then). A released delivery
// counts one more, so a run of an earlier hand-over that was only late, not dead, posts nothing when it wakes
// (attempt-delivery.ts), and its late failure report releases nothing (release-failed-run.ts).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { DELAYS_MINUTES } from "./delivery-schedule";
import { releasedDelivery } from "./release-failed-run";

export interface HandOver {
  deliveryId: string;
  eventId: string;
  /** Which hand-over of the delivery this is: its `resumes` (0 for the first). */
  handOver: number;
}

/** A new delivery is left this long to its request's own hand-over. */
export const FIRST_HAND_OVER_AFTER_MS = 60_000;
/** A released delivery waits this long before its first resumed run, doubling per resume up to RESUME_WAIT_MAX_MS. */
export const RESUME_WAIT_MS = 5 * 60_000;
export const RESUME_WAIT_MAX_MS = 6 * 3_600_000;
/** An attempt this late means no run holds the delivery any more. */
export const STRANDED_AFTER_MS = 3_600_000;
const BATCH = 500;

export function handOverEventId(deliveryId: string, resumes: number): string {
  return resumes === 0 ? `delivery-${deliveryId}` : `delivery-${deliveryId}-resume-${resumes}`;
}

export async function findDeliveriesToHandOver(prisma: PrismaClient, now: Date): Promise<HandOver[]> {
  await releaseStrandedDeliveries(prisma, now);
  // `retrying` too: a hand-over that reached Inngest after the request stopped waiting for it (or whose record
  // failed) started a run all the same; sent again under the same event id it starts nothing, and the record
  // it gets lets the backstop below watch that run.
  const fresh = await prisma.callbackDelivery.findMany({
    where: { status: { in: ["pending", "retrying"] }, dispatchedAt: null, resumes: 0, createdAt: { lt: new Date(now.getTime() - FIRST_HAND_OVER_AFTER_MS) } },
    select: { id: true },
    take: BATCH,
  });
  // Due in the query itself (each row's own wait), so rows still waiting cannot fill the batch ahead of due ones.
  const due = await prisma.$queryRawUnsafe<Array<{ id: string; resumes: number }>>(
    `SELECT id, resumes FROM callback_deliveries
      WHERE status IN ('pending', 'retrying') AND dispatched_at IS NULL AND resumes > 0
        AND released_at + make_interval(secs => least($2::float8 * power(2, least(resumes - 1, 30)), $3::float8)) <= $1::timestamptz
      ORDER BY released_at
      LIMIT ${BATCH}`,
    now.toISOString(),
    RESUME_WAIT_MS / 1000,
    RESUME_WAIT_MAX_MS / 1000,
  );
  return [
    ...fresh.map((row) => ({ deliveryId: row.id, eventId: handOverEventId(row.id, 0), handOver: 0 })),
    ...due.map((row) => ({ deliveryId: row.id, eventId: handOverEventId(row.id, row.resumes), handOver: row.resumes })),
  ];
}

/**
 * Releases the open, handed-over deliveries whose next attempt is more than STRANDED_AFTER_MS late: due at the
 * hand-over for one not attempted yet, else the last attempt plus the schedule's delay for the next.
 */
async function releaseStrandedDeliveries(prisma: PrismaClient, now: Date): Promise<number> {
  const stranded = await prisma.$queryRawUnsafe<Array<{ id: string }>>(
    `SELECT id FROM callback_deliveries
      WHERE status IN ('pending', 'retrying') AND dispatched_at IS NOT NULL
        AND CASE WHEN attempts = 0 OR last_attempt_at IS NULL THEN dispatched_at
                 ELSE last_attempt_at + make_interval(mins => ($2::int[])[attempts]) END
            < $1::timestamptz - make_interval(secs => $3::int)
        AND dispatched_at < $1::timestamptz - make_interval(secs => $3::int)
      LIMIT ${BATCH}`,
    now.toISOString(),
    [...DELAYS_MINUTES],
    STRANDED_AFTER_MS / 1000,
  );
  if (stranded.length === 0) return 0;
  // Still handed over: a run's own failure report may have released one meanwhile.
  const { count } = await prisma.callbackDelivery.updateMany({
    where: { id: { in: stranded.map((row) => row.id) }, dispatchedAt: { not: null } },
    data: releasedDelivery(now),
  });
  return count;
}

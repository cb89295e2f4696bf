// The step between the work and the broadcast: the paid answer is stored with its payment and the row
// becomes `settling`. From here on a crash loses nothing: the reconciler finishes the row from the chain,
// and the same proof fetches this answer (serve-paid-again.ts). Also records the daily quota a request
// reserved, so that whoever closes the payment gives back what was not used.
import type { PrismaClient } from "@/lib/generated/prisma/client";

export interface RecordAnswerOptions {
  prisma: PrismaClient;
  nonceKey: string;
  requestId: string;
  answer: unknown;
  succeededQueries: number;
  expiresAt: Date;
}

/** False when this request no longer holds the reservation (the reconciler released it meanwhile). */
export async function recordAnswer({ prisma, nonceKey, requestId, answer, succeededQueries, expiresAt }: RecordAnswerOptions): Promise<boolean> {
  const updated = await prisma.$executeRawUnsafe(
    `UPDATE payment_records SET outcome = 'settling', answer = $3, answer_expires_at = $4::timestamptz, succeeded_queries = $5, updated_at = now()
      WHERE nonce_key = $1 AND request_id = $2 AND outcome = 'reserved'`,
    nonceKey,
    requestId,
    JSON.stringify(answer),
    expiresAt.toISOString(),
    succeededQueries,
  );
  return updated === 1;
}

export async function recordQuota(prisma: PrismaClient, nonceKey: string, requestId: string, dayStart: Date, queries: number): Promise<void> {
  await prisma.$executeRawUnsafe(
    `UPDATE payment_records SET quota_day = $3::timestamptz, quota_queries = $4, updated_at = now() WHERE nonce_key = $1 AND request_id = $2`,
    nonceKey,
    requestId,
    dayStart.toISOString(),
    queries,
  );
}

// The step between the work and the broadcast: the paid answer is stored with its payment and the row
// becomes `settling`. From here on a crash loses nothing: the reconciler finishes the row from the chain,
// and the same proof fetches this answer (serve-paid-again.ts). Also records the daily quota a request
// reserved, so that whoever closes the payment gives back what was not used.
import type { SqlExecutor } from "@/lib/db/apply-migrations";
import type { PrismaClient } from "@/lib/generated/prisma/client";

export interface RecordAnswerOptions {
  /**
   * Plain SQL on the ledger's database (lib/db/open-database.ts), not Prisma: an answer is up to 2 MB (10 MB
   * for a batch), and Prisma's query compiler copies every parameter through its WebAssembly module, which
   * for such a string took longer than the rest of the paid request.
   */
  sql: SqlExecutor;
  nonceKey: string;
  requestId: string;
  /** The answer's JSON; null for an answer private to the payer, which is never kept (run-paid.ts). */
  answer: string | null;
  succeededQueries: number;
  expiresAt: Date;
}

/** False when this request no longer holds the reservation (the reconciler released it meanwhile). */
export async function recordAnswer({ sql, nonceKey, requestId, answer, succeededQueries, expiresAt }: RecordAnswerOptions): Promise<boolean> {
  const updated = await sql.query<{ nonce_key: string }>(
    `UPDATE payment_records SET outcome = 'settling', answer = $3, answer_expires_at = $4::timestamptz, succeeded_queries = $5, updated_at = now()
      WHERE nonce_key = $1 AND request_id = $2 AND outcome = 'reserved' RETURNING nonce_key`,
    [nonceKey, requestId, answer, expiresAt.toISOString(), succeededQueries],
  );
  return updated.length === 1;
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

// Ordering between refreshes and reads of a case, so that an agent which passes each `meta.queried_at`
// back as `last_checked` sees every filing exactly once, also while a refresh is storing new ones:
//
// - A refresh takes the case's advisory lock exclusively, stamps its new entries with a database-clock
//   time rounded up to the next millisecond, and commits only once the clock has passed that stamp.
// - A read takes the same lock shared, reads `queried_at` from the same clock (rounded down to the
//   millisecond), then reads the case.
//
// So a read either sees a refresh's entries (and its queried_at is not earlier than their stamp) or does
// not (and their stamp is later than its queried_at). Rows are read in the same transaction as the lock.
import { databaseNow } from "@/lib/db/database-now";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

export type Transaction = Prisma.TransactionClient;

export function caseLockKey(courtCode: string, caseId: string): string {
  return `case:${courtCode}|${caseId}`;
}

export interface Snapshot {
  tx: Transaction;
  /** The database clock at the snapshot, whole milliseconds: the response's `meta.queried_at`. */
  queriedAt: Date;
}

/** Runs `read` under shared locks on the given cases (all in one statement, in a fixed order). */
export async function withCaseSnapshot<T>(
  prisma: PrismaClient,
  keys: readonly string[],
  read: (snapshot: Snapshot) => Promise<T>,
): Promise<T> {
  const unique = [...new Set(keys)].sort();
  return prisma.$transaction(
    async (tx) => {
      if (unique.length > 0) {
        await tx.$executeRawUnsafe(
          "SELECT pg_advisory_xact_lock_shared(hashtextextended(k, 0)) FROM (SELECT unnest($1::text[]) AS k ORDER BY 1) AS keys",
          unique,
        );
      }
      const queriedAt = await databaseNow(tx);
      return read({ tx, queriedAt });
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}

export interface WriteStamp {
  tx: Transaction;
  /** first_seen_at of entries new in this write, and the case's last_refreshed_at. */
  stamp: Date;
}

/**
 * Runs `write` holding the case's lock exclusively, with a stamp later than any queried_at handed out
 * before, and returns only after the clock has passed the stamp (so later reads get a later queried_at).
 */
export async function withCaseWrite<T>(
  prisma: PrismaClient,
  key: string,
  write: (context: WriteStamp) => Promise<T>,
): Promise<T> {
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", key);
      const stamp = new Date((await databaseNow(tx)).getTime() + 1);
      const result = await write({ tx, stamp });
      while ((await databaseNow(tx)).getTime() < stamp.getTime()) {
        await tx.$executeRawUnsafe("SELECT pg_sleep(0.001)");
      }
      return result;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

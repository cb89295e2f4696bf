// The rate-limit tables keep only what a limit can still count. take_minute_slot prunes a subject's old rows
// only when that subject asks again, so every address or wallet seen once left rows behind for good (3,000
// sandbox callers: 3,000 rows that never went); daily counters carry their own expiry. Run by the
// prune-rate-limits cron (inngest/functions/prune-rate-limits.ts) and the development runner.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { MINUTE_MS } from "./take-minute-slot";

export interface PrunedRateLimits {
  hits: number;
  counters: number;
}

export async function pruneRateLimits(prisma: PrismaClient, now: Date): Promise<PrunedRateLimits> {
  // Older than the rolling window: no check counts them (take_minute_slot deletes the same rows itself).
  const hits = await prisma.$executeRawUnsafe("DELETE FROM rate_limit_hits WHERE at <= $1::timestamptz", new Date(now.getTime() - MINUTE_MS).toISOString());
  // A day's counter expires two days after its day began: a quota given back late (reconciliation) still finds it.
  const counters = await prisma.$executeRawUnsafe("DELETE FROM rate_limit_counters WHERE expires_at < $1::timestamptz", now.toISOString());
  return { hits, counters };
}

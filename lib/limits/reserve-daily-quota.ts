// The per-day limit: a counter per paying wallet and UTC day. Capacity is reserved before the work (so
// concurrent requests cannot overshoot) and the unused part is given back afterwards (failed queries do
// not count: only successful, charged ones do).
import type { PrismaClient } from "@/lib/generated/prisma/client";

const DAY_MS = 86_400_000;

export function utcDayStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

export type QuotaResult = { ok: true; dayStart: Date } | { ok: false; retryAfterSeconds: number; used: number };

export async function reserveDailyQuota(
  prisma: PrismaClient,
  subject: string,
  amount: number,
  limit: number,
  at: Date,
): Promise<QuotaResult> {
  const dayStart = utcDayStart(at);
  const rows = await prisma.$queryRawUnsafe<{ count: number }[]>(
    `INSERT INTO rate_limit_counters (subject, "window", window_start, count, expires_at)
     VALUES ($1, 'day', $2::timestamptz, $3, $4::timestamptz)
     ON CONFLICT (subject, "window", window_start) DO UPDATE SET count = rate_limit_counters.count + EXCLUDED.count
       WHERE rate_limit_counters.count + EXCLUDED.count <= $5
     RETURNING count`,
    subject,
    dayStart.toISOString(),
    amount,
    new Date(dayStart.getTime() + 2 * DAY_MS).toISOString(),
    limit,
  );
  if (rows.length > 0 && amount <= limit) return { ok: true, dayStart };
  if (rows.length > 0) {
    // A first request larger than the whole limit (not possible with today's limits): undo it.
    await releaseDailyQuota(prisma, subject, amount, dayStart);
  }
  const current = await prisma.$queryRawUnsafe<{ count: number }[]>(
    `SELECT count FROM rate_limit_counters WHERE subject = $1 AND "window" = 'day' AND window_start = $2::timestamptz`,
    subject,
    dayStart.toISOString(),
  );
  const retryAfterSeconds = Math.max(1, Math.ceil((dayStart.getTime() + DAY_MS - at.getTime()) / 1000));
  return { ok: false, retryAfterSeconds, used: current[0]?.count ?? 0 };
}

export async function releaseDailyQuota(prisma: PrismaClient, subject: string, amount: number, dayStart: Date): Promise<void> {
  if (amount <= 0) return;
  await prisma.$executeRawUnsafe(
    `UPDATE rate_limit_counters SET count = GREATEST(count - $3, 0)
     WHERE subject = $1 AND "window" = 'day' AND window_start = $2::timestamptz`,
    subject,
    dayStart.toISOString(),
    amount,
  );
}

// The per-minute limit: a rolling 60-second window per subject (a paying wallet, or a sandbox client's
// address), exact under concurrency and across instances: each check runs under the subject's advisory
// lock, counts the subject's requests of the last 60 seconds and records this one only if it fits.
import type { PrismaClient } from "@/lib/generated/prisma/client";

export const MINUTE_MS = 60_000;

export type SlotResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export async function takeMinuteSlot(prisma: PrismaClient, subject: string, limit: number, at: Date): Promise<SlotResult> {
  const windowStart = new Date(at.getTime() - MINUTE_MS);
  return prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", `rate:${subject}`);
    await tx.$executeRawUnsafe("DELETE FROM rate_limit_hits WHERE subject = $1 AND at <= $2::timestamptz", subject, windowStart.toISOString());
    const rows = await tx.$queryRawUnsafe<{ count: number; oldest: Date | null }[]>(
      "SELECT count(*)::int AS count, min(at) AS oldest FROM rate_limit_hits WHERE subject = $1",
      subject,
    );
    const { count, oldest } = rows[0]!;
    if (count >= limit) {
      // The slot frees up when the oldest counted request leaves the window.
      const freesAt = (oldest ?? at).getTime() + MINUTE_MS;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - at.getTime()) / 1000)) };
    }
    await tx.$executeRawUnsafe("INSERT INTO rate_limit_hits (subject, at) VALUES ($1, $2::timestamptz)", subject, at.toISOString());
    return { ok: true };
  });
}

// The per-minute limit: a rolling 60-second window per subject (a paying wallet, or a sandbox client's
// address), exact under concurrency and across instances. The check is the database function
// take_minute_slot (prisma/migrations/20261122000100_take_minute_slot): under the subject's advisory lock
// it counts the subject's requests of the last 60 seconds and records this one only if it fits.
import type { PrismaClient } from "@/lib/generated/prisma/client";

export const MINUTE_MS = 60_000;

export type SlotResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export async function takeMinuteSlot(prisma: PrismaClient, subject: string, limit: number, at: Date): Promise<SlotResult> {
  const rows = await prisma.$queryRawUnsafe<{ ok: boolean; oldest: Date | null }[]>(
    "SELECT ok, oldest FROM take_minute_slot($1::text, $2::integer, $3::timestamptz)",
    subject,
    limit,
    at.toISOString(),
  );
  const { ok, oldest } = rows[0]!;
  if (ok) return { ok: true };
  // The slot frees up when the oldest counted request leaves the window.
  const freesAt = (oldest ?? at).getTime() + MINUTE_MS;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - at.getTime()) / 1000)) };
}

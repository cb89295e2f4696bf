// Sandbox requests are free, so they are limited per client address instead of per wallet, at the same
// per-minute rate. The address is the first X-Forwarded-For hop, which Vercel (and any proxy in front of
// a self-hosted deployment) sets; without one, all such clients share one bucket.
import { now } from "@/lib/clock";
import { getPrisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { takeMinuteSlot } from "./take-minute-slot";

export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("x-real-ip")?.trim() || "unknown";
}

export async function limitSandbox(request: Request): Promise<void> {
  const limit = getEnv().SANDBOX_RATE_LIMIT_PER_MINUTE;
  const slot = await takeMinuteSlot(await getPrisma(), `ip:${clientAddress(request)}`, limit, now());
  if (!slot.ok) {
    throw new ServiceError(
      "rate_limited",
      `Sandbox requests are limited to ${limit} a minute per client address. Retry in ${slot.retryAfterSeconds} s.`,
      { retry_after: slot.retryAfterSeconds },
    );
  }
}

// Sandbox requests are free, so they are limited per client address instead of per wallet, at the same
// per-minute rate. The address is the one the deployment vouches for (lib/http/client-address.ts), never
// a header value a caller can vary per request.
import { now } from "@/lib/clock";
import { getPrisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { clientAddress } from "@/lib/http/client-address";
import { takeMinuteSlot } from "./take-minute-slot";

export { clientAddress };

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

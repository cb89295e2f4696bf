// Sandbox requests are free, so they are limited per client address instead of per wallet, at
// SANDBOX_RATE_LIMIT_PER_MINUTE (default 60, as the wallet limit). The address is the one the deployment
// vouches for (lib/http/client-address.ts), never a header value a caller can vary per request; an IPv6 caller
// is counted by its /64 (limitKey).
//
// Counted in this process's memory first (lib/limits/minute-window.ts), so that a sandbox request costs no
// database round trip where none is needed:
// - on the embedded database one process serves every request (PGlite's files open in one process only):
//   its memory holds the whole count, exact, and nothing else is asked;
// - on PostgreSQL, where instances are scaled out, the count across instances is the database's
//   (take_minute_slot, exact under concurrency); the memory only refuses, without a round trip, a client
//   that this instance alone has already seen at the limit (the shared count can only be higher).
import { now } from "@/lib/clock";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { clientAddress, limitKey } from "@/lib/http/client-address";
import { MinuteWindow } from "./minute-window";
import { takeMinuteSlot, type SlotResult } from "./take-minute-slot";

export { clientAddress };

const window = new MinuteWindow();

export async function limitSandbox(request: Request): Promise<void> {
  const limit = getEnv().SANDBOX_RATE_LIMIT_PER_MINUTE;
  const subject = `ip:${limitKey(clientAddress(request))}`;
  const at = now();
  const database = await getDatabase();
  let slot: SlotResult;
  if (database.kind === "pglite") {
    slot = window.take(subject, limit, at);
  } else {
    slot = window.refuses(subject, limit, at) ?? (await takeMinuteSlot(database.prisma, subject, limit, at));
    if (slot.ok) window.add(subject, at);
  }
  if (!slot.ok) {
    throw new ServiceError(
      "rate_limited",
      `Sandbox requests are limited to ${limit} a minute per client address. Retry in ${slot.retryAfterSeconds} s.`,
      { retry_after: slot.retryAfterSeconds },
    );
  }
}

// Until when a request may start reading its cases from their courts. A paid request's authorization must
// arrive with half of X402_MAX_TIMEOUT_SECONDS left (verify-payment.ts), and the work and the settlement must
// end before it expires: a batch of 50 cases of slow courts, four read at a time, each up to SOURCE_TIMEOUT_MS,
// took 13 such deadlines (195 s by default), so its payment expired unsettled after every court fee was spent
// and the answer was not delivered (or the serverless function was cut off first). A read started by this
// instant ends, at its own deadline, while the authorization still has SETTLEMENT_ROOM_MS left.
import { getEnv } from "@/lib/env";

/** Kept for the settlement after the work: the transaction must be mined before the authorization expires. */
const SETTLEMENT_ROOM_MS = 30_000;

/** The last instant (epoch ms) a read of this request may start, for a request whose work began at `startedAt`. */
export function readStartDeadline(startedAt: number): number {
  const env = getEnv();
  return startedAt + (env.X402_MAX_TIMEOUT_SECONDS * 1000) / 2 - SETTLEMENT_ROOM_MS - env.SOURCE_TIMEOUT_MS;
}

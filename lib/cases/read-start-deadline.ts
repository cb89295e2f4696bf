// Until when a request may start reading its cases from their courts. A paid request's authorization must
// arrive with half of X402_MAX_TIMEOUT_SECONDS left (verify-payment.ts), and the work and the settlement must
// end before it expires: a batch of 50 cases of slow courts, four read at a time, each up to SOURCE_TIMEOUT_MS,
// took 13 such deadlines (195 s by default), so its payment expired unsettled after every court fee was spent
// and the answer was not delivered (or the serverless function was cut off first). A read started by this
// instant ends, at its own deadline, while the authorization still has SETTLEMENT_ROOM_MS left.
//
// Two rules, the earlier wins:
// - from the lookup's start: half of X402_MAX_TIMEOUT_SECONDS, the least an authorization has when it is
//   verified. Alone, it let a slow verification, reservation or limit check (a payment network taking 20 s
//   to answer) eat into the settlement's room: that time passed after the authorization was checked;
// - from the authorization's own validBefore (lib/payments/authorization-expiry.ts), where a payment pays for
//   the work: validBefore less the same room. It is unix seconds the payer wrote, compared on chain with the
//   block's timestamp, and our clock may differ from both by some seconds: the verification's check of it
//   (verify-payment.ts) uses our clock too, so the two rules agree on which clock counts, and a skew of ours
//   comes out of (or adds to) the settlement's room, as it always did. Requests no payment pays for (sandbox,
//   tests) keep the first rule alone.
import { getEnv } from "@/lib/env";
import { currentAuthorizationExpiry } from "@/lib/payments/authorization-expiry";

/** Kept for the settlement after the work: the transaction must be mined before the authorization expires. */
const SETTLEMENT_ROOM_MS = 30_000;

/** The last instant (epoch ms) a read of this request may start, for a request whose work began at `startedAt`. */
export function readStartDeadline(startedAt: number): number {
  const env = getEnv();
  const afterRead = SETTLEMENT_ROOM_MS + env.SOURCE_TIMEOUT_MS;
  const fromStart = startedAt + (env.X402_MAX_TIMEOUT_SECONDS * 1000) / 2 - afterRead;
  const validBefore = currentAuthorizationExpiry();
  return validBefore === null ? fromStart : Math.min(fromStart, validBefore.getTime() - afterRead);
}

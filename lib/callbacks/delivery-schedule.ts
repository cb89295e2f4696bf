// The delivery schedule (SERVICE-SPEC "Callback delivery status"): 7 attempts at most; after attempt n
// the next comes DELAYS_MINUTES[n-1] later (3 min, 9 min, 27 min, about 1.4 h, 4 h and 12 h).
export const MAX_ATTEMPTS = 7;
export const DELAYS_MINUTES = [3, 9, 27, 81, 243, 729] as const;
/** One attempt waits this long for the receiver's answer. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
export const WEBHOOK_VERSION = "2.0";
export const EVENT_TYPE = "case_query_complete";

/** When attempt `next` (2..7) is due, after the previous attempt at `previousAt`. */
export function nextAttemptDue(previousAt: Date, next: number): Date {
  return new Date(previousAt.getTime() + DELAYS_MINUTES[next - 2]! * 60_000);
}

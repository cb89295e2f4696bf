// The per-minute limit in this process's memory: the same rolling 60-second window as the database's
// take_minute_slot (lib/limits/take-minute-slot.ts) — a request is counted only if it fits, and a refusal
// says when the oldest counted request leaves the window — without a round trip. It is the whole count
// where one process serves every request (the embedded database), and a lower bound of the count where
// several instances share a database (lib/limits/limit-sandbox.ts says how each is used).
import { MINUTE_MS, type SlotResult } from "./take-minute-slot";

/** Subjects are swept once this many have been seen since the last sweep: memory stays bounded. */
const SWEEP_EVERY = 4_096;

export class MinuteWindow {
  /** Per subject, the times (ms) of its counted requests, oldest first. */
  private readonly hits = new Map<string, number[]>();
  private sinceSweep = 0;

  /** Counts a request at `at` if the subject has fewer than `limit` in the 60 s before it. */
  take(subject: string, limit: number, at: Date): SlotResult {
    const now = at.getTime();
    const times = this.current(subject, now);
    if (times.length >= limit) return refusal(times[0]!, now);
    this.record(subject, now, times);
    return { ok: true };
  }

  /** The refusal the window alone already decides (this process counted `limit` requests), else null. */
  refuses(subject: string, limit: number, at: Date): SlotResult | null {
    const now = at.getTime();
    const times = this.current(subject, now);
    return times.length >= limit ? refusal(times[0]!, now) : null;
  }

  /** Counts a request another authority (the shared database) admitted. */
  add(subject: string, at: Date): void {
    const now = at.getTime();
    this.record(subject, now, this.current(subject, now));
  }

  /** Subjects tracked now (tests: memory stays bounded). */
  get size(): number {
    return this.hits.size;
  }

  /** The subject's times still inside the window ending at `now` (a request 60 s old has left it). */
  private current(subject: string, now: number): number[] {
    const times = this.hits.get(subject);
    if (!times) return [];
    let first = 0;
    while (first < times.length && times[first]! <= now - MINUTE_MS) first += 1;
    if (first > 0) times.splice(0, first);
    return times;
  }

  private record(subject: string, now: number, times: number[]): void {
    if (times.length === 0) {
      this.hits.set(subject, [now]);
      if ((this.sinceSweep += 1) >= SWEEP_EVERY) this.sweep(now);
      return;
    }
    // Requests may be handled slightly out of order: keep the times sorted.
    let at = times.length;
    while (at > 0 && times[at - 1]! > now) at -= 1;
    times.splice(at, 0, now);
  }

  private sweep(now: number): void {
    this.sinceSweep = 0;
    for (const [subject, times] of this.hits) {
      if (times.length === 0 || times[times.length - 1]! <= now - MINUTE_MS) this.hits.delete(subject);
    }
  }
}

function refusal(oldest: number, now: number): SlotResult {
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + MINUTE_MS - now) / 1000)) };
}

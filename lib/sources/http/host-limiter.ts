// Politeness per host: at most `concurrency` requests in flight and request starts spaced so that no more
// than `ratePerSecond` begin in any second. Court systems throttle or block clients that burst (PACER's
// rules for scripted users, Florida's documented pace of ~2.5 requests a second), so every request of
// every adapter waits its turn here. In-process only: instances of a scaled-out deployment each keep
// their own pace, which the configured rates account for.

export interface HostLimit {
  /** Request starts per second (fractional allowed: 0.5 = one every 2 s). */
  ratePerSecond: number;
  /** Requests in flight at once. */
  concurrency: number;
}

/**
 * Who is waiting: a paying caller's query (`live`), or background work (refresh runs, feed polls) that no one
 * waits on. A live request takes the next start before any background one: a refresh run of many cases must
 * not put a caller's cache miss behind its whole queue (the caller's fetch has a deadline of seconds).
 */
export type RequestPriority = "live" | "background";

interface Waiter {
  grant: () => void;
}

interface HostState {
  limit: HostLimit;
  active: number;
  /** Earliest time the next request may start. */
  nextStartAt: number;
  queues: Record<RequestPriority, Waiter[]>;
  /** Set while the head of the queues waits for nextStartAt. */
  timer: NodeJS.Timeout | null;
}

export class HostLimiter {
  private readonly hosts = new Map<string, HostState>();

  constructor(private readonly limitFor: (host: string) => HostLimit) {}

  /** Waits for a slot on `host`; the returned function frees it. */
  async acquire(host: string, signal?: AbortSignal, priority: RequestPriority = "live"): Promise<() => void> {
    const state = this.stateOf(host);
    await new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason ?? new Error("aborted"));
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener("abort", abort);
          resolve();
        },
      };
      const abort = () => {
        const queue = state.queues[priority];
        const index = queue.indexOf(waiter);
        if (index >= 0) queue.splice(index, 1);
        reject(signal?.reason ?? new Error("aborted"));
      };
      signal?.addEventListener("abort", abort, { once: true });
      state.queues[priority].push(waiter);
      this.pump(state);
    });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      state.active -= 1;
      this.pump(state);
    };
  }

  /**
   * Starts waiters while the host has room: at most `concurrency` in flight, starts spaced 1/rate apart, live
   * ones first, each kind in arrival order. A start is given at the moment it is due (not reserved ahead), so
   * a live request that arrives later still goes before the background ones waiting.
   */
  private pump(state: HostState): void {
    while (state.active < state.limit.concurrency && (state.queues.live.length > 0 || state.queues.background.length > 0)) {
      const now = Date.now();
      if (now < state.nextStartAt) {
        state.timer ??= setTimeout(() => {
          state.timer = null;
          this.pump(state);
        }, state.nextStartAt - now);
        return;
      }
      const waiter = state.queues.live.shift() ?? state.queues.background.shift()!;
      state.active += 1;
      state.nextStartAt = now + 1000 / state.limit.ratePerSecond;
      waiter.grant();
    }
  }

  private stateOf(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = { limit: this.limitFor(host), active: 0, nextStartAt: 0, queues: { live: [], background: [] }, timer: null };
      this.hosts.set(host, state);
    }
    return state;
  }
}

/** setTimeout as a promise that an abort signal cuts short. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error("aborted"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error("aborted"));
    };
    signal?.addEventListener("abort", abort, { once: true });
  });
}

/**
 * Per-host limits from configuration: `host=rate/concurrency` pairs, comma-separated, where a host may
 * start with `*.` to match its subdomains ("*.uscourts.gov=1/2,acis-api.flcourts.gov=2.5/2").
 */
export function parseHostLimits(spec: string): Array<{ pattern: string; limit: HostLimit }> {
  return spec
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^([^=\s]+)\s*=\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+)$/.exec(part);
      if (!match) throw new Error(`host limit "${part}" is not host=rate/concurrency`);
      return { pattern: match[1]!.toLowerCase(), limit: { ratePerSecond: Number(match[2]), concurrency: Number(match[3]) } };
    });
}

export function limitForHost(rules: ReadonlyArray<{ pattern: string; limit: HostLimit }>, fallback: HostLimit, host: string): HostLimit {
  const name = host.toLowerCase();
  const exact = rules.find((rule) => rule.pattern === name);
  if (exact) return exact.limit;
  // The longest wildcard that matches wins: "*.ecf.uscourts.gov" before "*.uscourts.gov".
  const wildcard = rules
    .filter((rule) => rule.pattern.startsWith("*.") && (name.endsWith(rule.pattern.slice(1)) || name === rule.pattern.slice(2)))
    .sort((a, b) => b.pattern.length - a.pattern.length)[0];
  return wildcard?.limit ?? fallback;
}

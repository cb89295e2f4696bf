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

interface HostState {
  limit: HostLimit;
  active: number;
  /** Earliest time the next request may start. */
  nextStartAt: number;
  waiters: Array<() => void>;
}

export class HostLimiter {
  private readonly hosts = new Map<string, HostState>();

  constructor(private readonly limitFor: (host: string) => HostLimit) {}

  /** Waits for a slot on `host`; the returned function frees it. */
  async acquire(host: string, signal?: AbortSignal): Promise<() => void> {
    const state = this.stateOf(host);
    while (state.active >= state.limit.concurrency) {
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal?.removeEventListener("abort", abort);
          resolve();
        };
        const abort = () => {
          state.waiters = state.waiters.filter((waiter) => waiter !== wake);
          reject(signal?.reason ?? new Error("aborted"));
        };
        if (signal?.aborted) return abort();
        signal?.addEventListener("abort", abort, { once: true });
        state.waiters.push(wake);
      });
    }
    state.active += 1;
    // Reserve the next start time before waiting, so concurrent callers space out instead of all waking at once.
    const now = Date.now();
    const startAt = Math.max(now, state.nextStartAt);
    state.nextStartAt = startAt + 1000 / state.limit.ratePerSecond;
    if (startAt > now) {
      try {
        await sleep(startAt - now, signal);
      } catch (error) {
        this.release(state);
        throw error;
      }
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(state);
    };
  }

  private release(state: HostState): void {
    state.active -= 1;
    state.waiters.shift()?.();
  }

  private stateOf(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = { limit: this.limitFor(host), active: 0, nextStartAt: 0, waiters: [] };
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

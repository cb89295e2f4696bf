// What the status reads of the courts (court health, PACER's fee budget: lib/status/court-notices.ts) as this
// instance last read it, for a few seconds: GET /v2/status is polled hard (and may be cached by CDNs for a
// minute anyway), court health and the PACER fee budget move slowly, and reading them is a database round
// trip. A court run this process records forgets the memo at once (lib/courts/court-health.ts); other
// instances' are seen within STATUS_MEMO_MS. The fee budget is read through its own 30 s cache
// (lib/sources/pacer/fee-budget-notice.ts), so a budget just spent shows within about 35 s.
export const STATUS_MEMO_MS = 5_000;

let memo: { at: number; value: Promise<unknown> } | null = null;

export function rememberedStatus<T>(read: () => Promise<T>): Promise<T> {
  const now = Date.now();
  if (!memo || now - memo.at >= STATUS_MEMO_MS) {
    const value = read();
    memo = { at: now, value };
    value.catch(() => {
      if (memo?.value === value) memo = null;
    });
  }
  return memo.value as Promise<T>;
}

export function forgetStatusMemo(): void {
  memo = null;
}

/** `make()` remembered under `key` in `cache`, which holds 16 values at most (cleared when full): for the few
 * states the status goes through (registry, notices, status), each made once. */
export function rememberBounded<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= 16) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

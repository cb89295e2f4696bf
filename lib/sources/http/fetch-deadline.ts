// When the fetch in progress gives up (lib/sources/fetch-from-source.ts: SOURCE_TIMEOUT_MS from its start),
// carried in async context like the request priority: the court HTTP client, asked to wait for a court's quiet
// (its 429/503 Retry-After) that ends after it, fails at once saying when the quiet ends, instead of holding
// its caller to the deadline for a request it could never send, and an answer that says nothing of when to
// come back. An abort signal carries no time, so the deadline travels beside it. Nested: the earliest counts.
import { AsyncLocalStorage } from "node:async_hooks";

const storage = new AsyncLocalStorage<number>();

export function withFetchDeadline<T>(at: number, work: () => Promise<T>): Promise<T> {
  const outer = storage.getStore();
  return storage.run(outer === undefined ? at : Math.min(outer, at), work);
}

/** The epoch ms the fetch in progress gives up at, or null outside any (a refresh step with its own signal). */
export function currentFetchDeadline(): number | null {
  return storage.getStore() ?? null;
}

/**
 * Work shared by fetches that did not start it (ACIS' list of courts): on its own deadline, not on the earlier
 * one of the fetch that happened to start it, which would fail every fetch waiting for it at that fetch's end.
 */
export function onOwnFetchDeadline<T>(at: number, work: () => Promise<T>): Promise<T> {
  return storage.run(at, work);
}

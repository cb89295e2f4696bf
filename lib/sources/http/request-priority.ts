// Whose work a court request serves, carried in async context like the fetch cause: background work
// (refresh runs, feed polls) marks itself, and every request made inside it waits behind the paying callers'
// requests to the same host (host-limiter.ts). Outside any marking, a request is live.
import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestPriority } from "./host-limiter";

const storage = new AsyncLocalStorage<RequestPriority>();

export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return storage.run("background", work);
}

/**
 * Work shared by whoever asks next (a list cached for the process): made at live priority whatever the context
 * of the caller that happened to start it, since a paying caller may be the one waiting for it.
 */
export function asShared<T>(work: () => Promise<T>): Promise<T> {
  return storage.run("live", work);
}

export function currentRequestPriority(): RequestPriority {
  return storage.getStore() ?? "live";
}

// Whose work a court request serves, carried in async context like the fetch cause: background work
// (refresh runs, feed polls) marks itself, and every request made inside it waits behind the paying callers'
// requests to the same host (host-limiter.ts). Outside any marking, a request is live.
import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestPriority } from "./host-limiter";

const storage = new AsyncLocalStorage<RequestPriority>();

export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return storage.run("background", work);
}

export function currentRequestPriority(): RequestPriority {
  return storage.getStore() ?? "live";
}

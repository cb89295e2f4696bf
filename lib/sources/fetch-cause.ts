// Why a court system is being asked: the API request id (req_...) of a paid query whose cache miss
// fetched, or the refresh run. Paid sources record it with every fee (lib/sources/pacer/fee-ledger.ts),
// so spend can be read per paid query and per refresh. Carried in async context, so the layers between
// a request and a fetch (case store, lease, adapter) need not pass it by hand.
import { AsyncLocalStorage } from "node:async_hooks";

const storage = new AsyncLocalStorage<string>();

export function withFetchCause<T>(cause: string, work: () => Promise<T>): Promise<T> {
  return storage.run(cause, work);
}

/** The cause of the work in progress, or null outside any request or refresh. */
export function currentFetchCause(): string | null {
  return storage.getStore() ?? null;
}

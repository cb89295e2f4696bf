// When the payment authorization of the paid work in progress stops being valid (its EIP-3009 validBefore),
// carried in async context like the fetch cause (lib/sources/fetch-cause.ts): the work's layers that must end
// before it (a batch's reads: lib/cases/read-start-deadline.ts) read it without every caller passing it down.
// Outside paid work (sandbox, free endpoints, background work) there is none.
import { AsyncLocalStorage } from "node:async_hooks";

const storage = new AsyncLocalStorage<Date>();

export function withAuthorizationExpiry<T>(validBefore: Date, work: () => Promise<T>): Promise<T> {
  return storage.run(validBefore, work);
}

/** The validBefore of the verified authorization paying for the work in progress, or null when none does. */
export function currentAuthorizationExpiry(): Date | null {
  return storage.getStore() ?? null;
}

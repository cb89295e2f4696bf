// What one verification or settlement saw of the chain, carried through the x402 facilitator code (which
// turns every RPC failure into a payment refusal: an unreachable node read as "signature does not verify").
// The in-process facilitator's signer records transport failures here, and the caller turns them into
// 503 payment_unavailable; it also reports the settlement transaction's hash before it is broadcast.
import { AsyncLocalStorage } from "node:async_hooks";
import { BaseError, HttpRequestError, LimitExceededRpcError, TimeoutError, type Hex } from "viem";

export interface ChainContext {
  /** An RPC call failed because the node could not be reached (or refused the load). */
  unreachable: boolean;
  /** Called with a settlement transaction's hash once it is signed, before it is broadcast. */
  onTransactionHash?: (hash: Hex) => Promise<void>;
}

const storage = new AsyncLocalStorage<ChainContext>();

export function runWithChainContext<T>(context: ChainContext, work: () => Promise<T>): Promise<T> {
  return storage.run(context, work);
}

export function currentChainContext(): ChainContext | undefined {
  return storage.getStore();
}

/** Network-level failures (no answer, timeout, HTTP error, rate limit), as opposed to the node's answers. */
export function isTransportError(error: unknown): boolean {
  if (error instanceof BaseError) {
    return Boolean(error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError || cause instanceof LimitExceededRpcError));
  }
  const message = error instanceof Error ? error.message : String(error);
  return /fetch failed|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|socket hang up|network error/i.test(message);
}

/** Records a transport failure in the current context; returns whether it was one. */
export function noteTransportError(error: unknown): boolean {
  if (!isTransportError(error)) return false;
  const context = storage.getStore();
  if (context) context.unreachable = true;
  return true;
}

// What became of a payment's EIP-3009 authorization, for settlement (settle-payment.ts) and the reconciler
// (reconcile-payments.ts) alike. A nonce that reads as used (authorizationState) is a payment only if a
// transfer used it: USDC's cancelAuthorization marks it used too, with no transfer, and an answer counted as
// paid for that would be given free. Our own transfer's receipt settles it at once; otherwise the token's
// events tell (AuthorizationUsed: which transaction; AuthorizationCanceled).
import type { Address, Hex } from "viem";
import type { AuthorizationFate, ChainReader } from "./chain-reader";

/** "unused", or what the chain's events say became of a used one (chain-reader.ts). */
export type AuthorizationOutcome = { kind: "unused" } | AuthorizationFate;

/** Throws when the node cannot be reached (the caller decides what that means for it). */
export async function readAuthorizationOutcome(
  chain: ChainReader,
  authorization: { payer: Address; nonce: Hex; ourTransaction: Hex | null; lookbackBlocks: number },
): Promise<AuthorizationOutcome> {
  const { payer, nonce, ourTransaction, lookbackBlocks } = authorization;
  if (!(await chain.authorizationUsed(payer, nonce))) return { kind: "unused" };
  if (ourTransaction && (await chain.receiptStatus(ourTransaction)) === "success") return { kind: "used", transaction: ourTransaction };
  return chain.authorizationFate(payer, nonce, lookbackBlocks);
}

// Settles a verified payment once its answer is recorded (record-answer.ts; a wallet's own answer is not
// kept). The settlement transaction's hash is written to the ledger before it is broadcast
// (chain-context.ts), and many settlements run at once (settlement-sender.ts). The outcome says what the caller may tell the payer:
// - settled: the authorization was used by a transfer (ours, or any other: the payer's signature binds
//   recipient and amount, so a transfer with it is a payment to us);
// - refused: the chain or the facilitator refused it, or the payer canceled the authorization (its nonce then
//   reads as used, with no transfer), nothing was charged;
// - pending: a transaction may be on its way (broadcast, no receipt yet): the reconciler decides;
// - unreachable: the node or the facilitator could not be reached and nothing was broadcast.
// Failures are logged with the request id and the reason; viem's messages (calldata, node URLs) never
// reach the payer.
import type { PaymentPayload, PaymentRequirements, SettleResponse } from "@x402/core/types";
import type { Address, Hex } from "viem";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import { isTransportError, runWithChainContext, type ChainContext } from "./chain-context";
import { chainReaderFor } from "./chain-reader";
import { readAuthorizationOutcome, type AuthorizationOutcome } from "./read-authorization-outcome";
import { AUTHORIZATION_CANCELED } from "./describe-refusal";
import type { Payments } from "./facilitator";
import type { VerifiedPayment } from "./verify-payment";

export type SettleOutcome =
  | { kind: "settled"; transaction: string | null; network: string; payer: string }
  | { kind: "refused"; reason: string }
  | { kind: "pending"; transaction: string }
  | { kind: "unreachable" };

export interface SettleOptions {
  prisma: PrismaClient;
  payments: Payments;
  payment: VerifiedPayment;
  requestId: string;
}

/** The reason x402 gives when the authorization's nonce was already used on chain. */
const NONCE_USED = "invalid_exact_evm_nonce_already_used";

export async function settlePayment({ prisma, payments, payment, requestId }: SettleOptions): Promise<SettleOutcome> {
  let broadcastHash: string | null = null;
  const context: ChainContext = {
    unreachable: false,
    onTransactionHash: async (hash) => {
      broadcastHash = hash;
      await prisma.paymentRecord.updateMany({ where: { nonceKey: payment.nonceKey, requestId }, data: { transactionHash: hash } });
    },
  };
  let result: SettleResponse | null = null;
  let thrown: unknown = null;
  try {
    // The facilitator dispatches on x402Version; its client interface is typed for v2 only.
    result = await runWithChainContext(context, () =>
      payments.facilitator.settle(payment.payload as unknown as PaymentPayload, payment.requirements as unknown as PaymentRequirements),
    );
  } catch (error) {
    thrown = error;
    if (isTransportError(error)) context.unreachable = true;
  }
  if (result?.success) {
    return { kind: "settled", transaction: result.transaction || broadcastHash, network: result.network, payer: result.payer ?? payment.payer };
  }
  const reason = result?.errorReason ?? (thrown instanceof Error ? thrown.message : String(thrown));
  const transaction = broadcastHash ?? (result?.transaction || null);
  logEvent("error", "settlement failed", {
    request_id: requestId,
    nonce_key: payment.nonceKey,
    reason: reason.slice(0, 300),
    transaction,
    unreachable: context.unreachable,
  });

  // A transaction that may have landed, or an authorization reported used: the chain has the last word. A
  // nonce that reads as used is paid only if a transfer used it (read-authorization-outcome.ts).
  if (transaction || result?.errorReason === NONCE_USED) {
    const outcome = await authorizationOutcome(payments, payment, transaction);
    if (outcome?.kind === "used") return { kind: "settled", transaction: outcome.transaction, network: payment.requirements.network, payer: payment.payer };
    if (outcome?.kind === "canceled") return { kind: "refused", reason: AUTHORIZATION_CANCELED };
    // Used, but by what the node cannot say now: never "refused" (someone's transfer may have paid us); the
    // reconciler decides from the chain later.
    if (outcome?.kind === "unknown") return { kind: "pending", transaction: transaction ?? "" };
    if (outcome === null || result?.errorReason === "settlement_pending" || context.unreachable || thrown) {
      if (transaction) return { kind: "pending", transaction };
    }
  }
  if (context.unreachable || thrown || result?.errorReason === "settlement_pending") {
    // With a remote facilitator a thrown call may have broadcast all the same: only the chain can tell.
    if (payments.config.facilitator.kind === "remote" && !isTransportError(thrown)) return { kind: "pending", transaction: transaction ?? "" };
    return { kind: "unreachable" };
  }
  return { kind: "refused", reason: result?.errorReason ?? "unknown" };
}

/** The authorization's outcome, or null when there is no node to ask or it cannot be reached. */
async function authorizationOutcome(payments: Payments, payment: VerifiedPayment, ourTransaction: string | null): Promise<AuthorizationOutcome | null> {
  const chain = chainReaderFor(payments.config);
  if (!chain) return null;
  try {
    return await readAuthorizationOutcome(chain, {
      payer: payment.payer as Address,
      nonce: payment.authorizationNonce as Hex,
      ourTransaction: ourTransaction as Hex | null,
      // Settlement follows verification within minutes: that far back is enough.
      lookbackBlocks: Math.ceil(600_000 / payments.config.blockTimeMs),
    });
  } catch {
    return null;
  }
}

// Reads a payment proof (v2 PAYMENT-SIGNATURE, v1 X-PAYMENT, or MCP's payment_tx, all the same base64
// JSON) and has the facilitator verify it against this request's requirements. Nothing is charged here.
import { createHash } from "node:crypto";
import { decodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import type { PaymentPayloadV1 } from "@x402/core/types/v1";
import { z } from "zod";
import { logEvent } from "@/lib/log";
import type { Requirements } from "./build-requirements";
import { noteTransportError, runWithChainContext, type ChainContext } from "./chain-context";
import { describeRefusal } from "./describe-refusal";
import type { Payments } from "./facilitator";
import { paymentRequired, paymentUnavailable } from "./payment-errors";

/** The EIP-3009 authorization x402's "exact" EVM scheme signs. */
const authorizationSchema = z.object({
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/),
  authorization: z.object({
    from: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    to: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    value: z.string().regex(/^\d+$/),
    validAfter: z.string().regex(/^\d+$/),
    validBefore: z.string().regex(/^\d+$/),
    nonce: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
  }),
});

export interface VerifiedPayment {
  version: 1 | 2;
  payload: PaymentPayload | PaymentPayloadV1;
  requirements: PaymentRequirements | NonNullable<Requirements["v1"]>;
  /** The paying wallet, lowercase: the caller's identity. */
  payer: string;
  /** network:asset:payer:nonce, unique per signed authorization. */
  nonceKey: string;
  amount: bigint;
  /** The EIP-3009 nonce (bytes32 hex) and the end of the authorization's validity. */
  authorizationNonce: string;
  validBefore: Date;
  /** sha256 of the signature: what proves a later request presents this very payment. */
  signatureHash: string;
}

/** The ledger identity of a proof, read without asking the facilitator (null: not an EIP-3009 proof). */
export interface ProofIdentity {
  nonceKey: string;
  signatureHash: string;
}

function identityOf(payload: { payload?: unknown }, requirements: Requirements) {
  const parsed = authorizationSchema.safeParse(payload.payload);
  if (!parsed.success) return null;
  const { authorization, signature } = parsed.data;
  return {
    authorization,
    nonceKey: `${requirements.v2.network}:${requirements.v2.asset.toLowerCase()}:${authorization.from.toLowerCase()}:${authorization.nonce.toLowerCase()}`,
    signatureHash: createHash("sha256").update(signature.toLowerCase()).digest("hex"),
  };
}

export function identifyProof(proof: string, requirements: Requirements): ProofIdentity | null {
  let decoded: unknown;
  try {
    decoded = decodePaymentSignatureHeader(proof.trim());
  } catch {
    return null;
  }
  if (!decoded || typeof decoded !== "object") return null;
  const identity = identityOf(decoded as { payload?: unknown }, requirements);
  return identity ? { nonceKey: identity.nonceKey, signatureHash: identity.signatureHash } : null;
}

/**
 * Runs a facilitator call: a facilitator that cannot be reached (it throws), or an RPC node that could not be
 * reached during the call (whatever the x402 code then concluded), is 503 payment_unavailable, never a refusal.
 */
export async function askFacilitator<T>(work: () => Promise<T>, retryAfterSeconds: number, context: ChainContext = { unreachable: false }): Promise<T> {
  let result: T;
  try {
    result = await runWithChainContext(context, work);
  } catch (error) {
    noteTransportError(error);
    logEvent("error", "payment facilitator failed", { detail: error instanceof Error ? error.message.slice(0, 300) : String(error) });
    throw paymentUnavailable(
      `The payment could not be checked: the payment network cannot be reached. Nothing was charged; repeat the request with the same payment in ${Math.ceil(retryAfterSeconds)} s.`,
      retryAfterSeconds,
    );
  }
  if (context.unreachable) {
    throw paymentUnavailable(
      `The payment could not be checked: the payment network's node cannot be reached. Nothing was charged; repeat the request with the same payment in ${Math.ceil(retryAfterSeconds)} s.`,
      retryAfterSeconds,
    );
  }
  return result;
}

function decode(value: string, requirements: Requirements): PaymentPayload | PaymentPayloadV1 {
  try {
    const decoded = decodePaymentSignatureHeader(value.trim()) as unknown;
    if (decoded && typeof decoded === "object" && "x402Version" in decoded) return decoded as PaymentPayload | PaymentPayloadV1;
  } catch {
    // reported below
  }
  throw paymentRequired(requirements, "The payment proof is not readable: send the base64 x402 payment payload your x402 client made.");
}

/** The terms a v2 proof says it accepted: the fields compared with ours below. */
const acceptedSchema = z.object({ scheme: z.string(), network: z.string(), asset: z.string(), payTo: z.string(), amount: z.string() });

/** Where v2 terms differ from ours, the precise reason, before asking the facilitator. */
function termsMismatch(accepted: z.infer<typeof acceptedSchema>, requirements: Requirements): string | null {
  const ours = requirements.v2;
  if (accepted.scheme !== ours.scheme) return 'Only the "exact" scheme is accepted.';
  if (accepted.network !== ours.network) return `The payment is for another network; pay on ${ours.network}.`;
  if (accepted.asset.toLowerCase() !== ours.asset.toLowerCase()) return `The payment is in another token; pay in ${ours.asset}.`;
  if (accepted.payTo.toLowerCase() !== ours.payTo.toLowerCase()) return `The payment is made out to another recipient; pay ${ours.payTo}.`;
  if (accepted.amount !== ours.amount) {
    return `The payment amount is not the price of this request: exactly ${requirements.amount} base units (${requirements.amountUsd} USD) are required.`;
  }
  return null;
}

/**
 * An authorization must still be valid for at least half the time clients are asked to sign for
 * (maxTimeoutSeconds, X402_MAX_TIMEOUT_SECONDS): the work (a court fetch, up to 50 of them in a batch) and the
 * settlement run before validBefore. One that expires sooner was verified, worked for and then could not be
 * settled: nothing was charged, so a wallet holding the price once could have every court fetch made for it
 * free, again and again, by signing authorizations a few seconds long. Refused before the facilitator is
 * asked: the x402 clients sign for the full time, so only a proof kept long before it is sent meets this.
 */
function tooShortLived(validBefore: string, requirements: Requirements): string | null {
  const leftSeconds = Number(validBefore) - Date.now() / 1000;
  const neededSeconds = Math.ceil(requirements.v2.maxTimeoutSeconds / 2);
  if (leftSeconds >= neededSeconds) return null;
  if (leftSeconds <= 0) return "The payment authorization has expired (validBefore is past); sign a new one. Nothing was charged.";
  return (
    `The payment authorization expires in ${Math.floor(leftSeconds)} s (validBefore), too soon for this request to be answered and ` +
    `settled: sign a new one valid for the ${requirements.v2.maxTimeoutSeconds} s asked (maxTimeoutSeconds); at least ${neededSeconds} s must be left ` +
    "when it arrives. Nothing was charged."
  );
}

export async function verifyPayment(proof: string, requirements: Requirements, payments: Payments): Promise<VerifiedPayment> {
  const payload = decode(proof, requirements);
  // The proof's shape is checked here, before the facilitator sees it: the x402 code throws on a malformed
  // authorization, and a throw from the facilitator reads as an unreachable network (503, "repeat the same
  // payment"), which a malformed proof can never get past. It is the payer's mistake: 402, nothing charged.
  const identity = identityOf(payload, requirements);
  const notAuthorization = "The payment proof carries no EIP-3009 transferWithAuthorization (a signature and its authorization): only those are accepted for this token.";
  let verified: { isValid: boolean; invalidReason?: string; payer?: string };
  let target: VerifiedPayment["requirements"];
  if (payload.x402Version === 2) {
    const v2 = payload as PaymentPayload;
    const accepted = acceptedSchema.safeParse(v2.accepted);
    if (!accepted.success) {
      throw paymentRequired(requirements, "The payment proof has no readable `accepted` requirements (scheme, network, asset, payTo, amount): use an x402 v2 client.");
    }
    const mismatch = termsMismatch(accepted.data, requirements);
    if (mismatch) throw paymentRequired(requirements, mismatch);
    if (!identity) throw paymentRequired(requirements, notAuthorization);
    const shortLived = tooShortLived(identity.authorization.validBefore, requirements);
    if (shortLived) throw paymentRequired(requirements, shortLived);
    target = requirements.v2;
    verified = await askFacilitator(() => payments.server.verifyPayment(v2, requirements.v2), retryAfter(payments));
  } else if (payload.x402Version === 1) {
    if (!requirements.v1) {
      throw paymentRequired(requirements, `x402 v1 cannot name ${requirements.v2.network}: pay with x402 v2 (PAYMENT-SIGNATURE).`);
    }
    const v1 = payload as PaymentPayloadV1;
    if (v1.network !== requirements.v1.network) throw paymentRequired(requirements, `The payment is for another network; pay on ${requirements.v1.network}.`);
    if (!identity) throw paymentRequired(requirements, notAuthorization);
    const shortLived = tooShortLived(identity.authorization.validBefore, requirements);
    if (shortLived) throw paymentRequired(requirements, shortLived);
    target = requirements.v1;
    // The facilitator dispatches on x402Version; its client interface is typed for v2 only.
    verified = await askFacilitator(
      () => payments.facilitator.verify(v1 as unknown as PaymentPayload, requirements.v1 as unknown as PaymentRequirements),
      retryAfter(payments),
    );
  } else {
    throw paymentRequired(requirements, "Unknown x402 version: send an x402 v2 (or v1) payment payload.");
  }
  if (!verified.isValid) throw paymentRequired(requirements, describeRefusal(verified.invalidReason, requirements));

  const { authorization } = identity;
  const payer = (verified.payer ?? authorization.from).toLowerCase();
  return {
    version: payload.x402Version === 1 ? 1 : 2,
    payload,
    requirements: target,
    payer,
    nonceKey: identity.nonceKey,
    amount: BigInt(authorization.value),
    authorizationNonce: authorization.nonce.toLowerCase(),
    // Clamped to year 9999: a signer may choose any uint256.
    validBefore: new Date(Math.min(Number(authorization.validBefore), 253_402_300_799) * 1000),
    signatureHash: identity.signatureHash,
  };
}

/** How long to wait before retrying when the payment network is out of reach: a few blocks. */
export function retryAfter(payments: Payments): number {
  return Math.max(2, Math.ceil((3 * payments.config.blockTimeMs) / 1000));
}

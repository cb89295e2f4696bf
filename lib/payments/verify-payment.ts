// Reads a payment proof (v2 PAYMENT-SIGNATURE, v1 X-PAYMENT, or MCP's payment_tx, all the same base64
// JSON) and has the facilitator verify it against this request's requirements. Nothing is charged here.
import { decodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import type { PaymentPayloadV1 } from "@x402/core/types/v1";
import { z } from "zod";
import type { Requirements } from "./build-requirements";
import { describeRefusal } from "./describe-refusal";
import type { Payments } from "./facilitator";
import { paymentRequired } from "./payment-errors";

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

/** Where v2 terms differ from ours, the precise reason, before asking the facilitator. */
function termsMismatch(accepted: PaymentRequirements, requirements: Requirements): string | null {
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

export async function verifyPayment(proof: string, requirements: Requirements, payments: Payments): Promise<VerifiedPayment> {
  const payload = decode(proof, requirements);
  let verified: { isValid: boolean; invalidReason?: string; payer?: string };
  let target: VerifiedPayment["requirements"];
  if (payload.x402Version === 2) {
    const v2 = payload as PaymentPayload;
    if (!v2.accepted || typeof v2.accepted !== "object") {
      throw paymentRequired(requirements, "The payment proof has no `accepted` requirements: use an x402 v2 client.");
    }
    const mismatch = termsMismatch(v2.accepted, requirements);
    if (mismatch) throw paymentRequired(requirements, mismatch);
    target = requirements.v2;
    verified = await payments.server.verifyPayment(v2, requirements.v2);
  } else if (payload.x402Version === 1) {
    if (!requirements.v1) {
      throw paymentRequired(requirements, `x402 v1 cannot name ${requirements.v2.network}: pay with x402 v2 (PAYMENT-SIGNATURE).`);
    }
    const v1 = payload as PaymentPayloadV1;
    if (v1.network !== requirements.v1.network) throw paymentRequired(requirements, `The payment is for another network; pay on ${requirements.v1.network}.`);
    target = requirements.v1;
    // The facilitator dispatches on x402Version; its client interface is typed for v2 only.
    verified = await payments.facilitator.verify(v1 as unknown as PaymentPayload, requirements.v1 as unknown as PaymentRequirements);
  } else {
    throw paymentRequired(requirements, "Unknown x402 version: send an x402 v2 (or v1) payment payload.");
  }
  if (!verified.isValid) throw paymentRequired(requirements, describeRefusal(verified.invalidReason, requirements));

  const parsed = authorizationSchema.safeParse(payload.payload);
  if (!parsed.success) {
    throw paymentRequired(requirements, "Only EIP-3009 transferWithAuthorization payments are accepted for this token.");
  }
  const { authorization } = parsed.data;
  const payer = (verified.payer ?? authorization.from).toLowerCase();
  return {
    version: payload.x402Version === 1 ? 1 : 2,
    payload,
    requirements: target,
    payer,
    nonceKey: `${requirements.v2.network}:${requirements.v2.asset.toLowerCase()}:${authorization.from.toLowerCase()}:${authorization.nonce.toLowerCase()}`,
    amount: BigInt(authorization.value),
  };
}

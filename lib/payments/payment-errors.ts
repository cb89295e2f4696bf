// The 402 answer: our envelope (error.payment_requirements), the v2 PAYMENT-REQUIRED header, and, where
// x402 v1 can name the network, the v1 body fields (x402Version, accepts) that v1 clients read.
import { encodePaymentRequiredHeader } from "@x402/core/http";
import { ServiceError } from "@/lib/errors";
import type { Requirements } from "./build-requirements";

export function paymentRequired(requirements: Requirements | null, message: string): ServiceError {
  if (!requirements) return new ServiceError("payment_required", message);
  const header = encodePaymentRequiredHeader({
    x402Version: 2,
    error: message,
    resource: { url: requirements.resourceUrl, description: requirements.description, mimeType: "application/json" },
    accepts: [requirements.v2],
  });
  return new ServiceError(
    "payment_required",
    message,
    { payment_requirements: [{ ...requirements.v2 }] },
    {
      headers: { "payment-required": header },
      body: requirements.v1 ? { x402Version: 1, accepts: [requirements.v1] } : {},
    },
  );
}

/** Whole seconds, at least one (also the Retry-After header). */
const retryAfter = (seconds: number) => ({ retry_after: Math.max(1, Math.ceil(seconds)) });

/**
 * 503 payment_unavailable: the facilitator or the chain's node cannot be reached, or a settlement is not
 * confirmed yet. Never charged twice: the same request with the same payment is the retry.
 */
export function paymentUnavailable(message: string, retryAfterSeconds: number): ServiceError {
  return new ServiceError("payment_unavailable", message, retryAfter(retryAfterSeconds));
}

/**
 * The 503 of a request whose settlement was sent to the chain and not confirmed in time: its payment is
 * decided later (the reconciler, or the repeat the caller is told to make), so what the request left for
 * after payment (held callback deliveries) stays until then: close-payment.ts releases or deletes it.
 */
export class SettlementPending extends ServiceError {}

export function settlementPending(message: string, retryAfterSeconds: number): SettlementPending {
  return new SettlementPending("payment_unavailable", message, retryAfter(retryAfterSeconds));
}

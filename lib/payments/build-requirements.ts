// What a request costs, in x402 terms: the v2 requirements (PAYMENT-REQUIRED header, `accepted` of v2
// payloads) and, where x402 v1 can name the network, the v1 requirements (the 402 body's `accepts`).
import type { PaymentRequirements } from "@x402/core/types";
import type { PaymentRequirementsV1 } from "@x402/core/types/v1";
import type { PaymentConfig } from "./payment-config";

export interface PaymentQuote {
  /** Queries paid for: 1, or N for a batch of N. */
  queries: number;
  /** What is being bought, for messages and the 402's resource description. */
  description: string;
}

/** A batch of `queries` case queries: one payment for all (POST /v2/cases/batch and MCP's service_case_batch). */
export function batchQuote(queries: number): PaymentQuote {
  return { queries, description: `A batch of ${queries} case ${queries === 1 ? "query" : "queries"}` };
}

export interface Requirements {
  amount: bigint;
  amountUsd: string;
  v2: PaymentRequirements;
  v1: PaymentRequirementsV1 | null;
  resourceUrl: string;
  description: string;
}

/** USD with cents, from integer cents so 0.99 × N never drifts. */
export function usd(amount: number): string {
  return (Math.round(amount * 100) / 100).toFixed(2);
}

export function buildRequirements(config: PaymentConfig, quote: PaymentQuote, resourceUrl: string): Requirements {
  const amount = config.pricePerQueryBaseUnits * BigInt(quote.queries);
  const extra = { name: config.assetName, version: config.assetVersion };
  return {
    amount,
    amountUsd: usd(config.pricePerQueryUsd * quote.queries),
    resourceUrl,
    description: quote.description,
    v2: {
      scheme: "exact",
      network: config.network,
      asset: config.asset,
      amount: amount.toString(),
      payTo: config.payTo,
      maxTimeoutSeconds: config.maxTimeoutSeconds,
      extra,
    },
    v1: config.v1Network
      ? {
          scheme: "exact",
          network: config.v1Network as PaymentRequirementsV1["network"],
          maxAmountRequired: amount.toString(),
          resource: resourceUrl,
          description: quote.description,
          mimeType: "application/json",
          outputSchema: {},
          payTo: config.payTo,
          maxTimeoutSeconds: config.maxTimeoutSeconds,
          asset: config.asset,
          extra,
        }
      : null,
  };
}

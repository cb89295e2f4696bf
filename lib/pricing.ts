// Prices (SERVICE-SPEC "Limits": independent of context, jurisdiction, size or complexity). The price
// per query is configuration (X402_PRICE_USD, 0.99 by default); meta.query_cost_usd reports it.
import { getEnv } from "@/lib/env";

export function pricePerQueryUsd(): number {
  return Number(getEnv().X402_PRICE_USD);
}

/** Money in USD with cents, computed in integer cents so 0.99 × N never drifts. */
export function priceForQueriesUsd(count: number): number {
  return (Math.round(pricePerQueryUsd() * 100) * count) / 100;
}

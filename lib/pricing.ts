// Prices (SERVICE-SPEC "Limits": independent of context, jurisdiction, size or complexity).
export const PRICE_PER_QUERY_USD = 0.99;

/** Money in USD with cents, computed in integer cents so 0.99 × N never drifts. */
export function priceForQueriesUsd(count: number): number {
  return (Math.round(PRICE_PER_QUERY_USD * 100) * count) / 100;
}

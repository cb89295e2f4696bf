// Query of GET /v2/wallet/deliveries, checked completely before payment (the cursor too).
import { DELIVERIES_LIMIT_DEFAULT, deliveriesQuerySchema, parseTimestampWithOffset } from "@/contract";
import { decodeCursor } from "@/lib/deliveries/cursor";
import type { DeliveryPageOptions } from "@/lib/deliveries/page-deliveries";
import { parseWith } from "@/lib/http/parse-input";

export function parseDeliveriesRequest(query: Record<string, string>): DeliveryPageOptions {
  const parsed = parseWith(deliveriesQuerySchema, query);
  if (parsed.cursor !== undefined) decodeCursor(parsed.cursor);
  return {
    limit: parsed.limit ?? DELIVERIES_LIMIT_DEFAULT,
    cursor: parsed.cursor ?? null,
    status: parsed.status ?? null,
    since: parsed.since === undefined ? null : new Date(parseTimestampWithOffset(parsed.since)),
  };
}

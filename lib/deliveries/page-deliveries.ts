// Filtering and paging of delivery records: `status`, `since` (on last_attempt_at, exclusive),
// newest first, keyset cursor. Works on an in-memory list (sandbox fixtures, which never change while an
// agent pages); the database query of live history applies the same order and the same cursor, on the
// history as it stood when the pass began (lib/callbacks/list-deliveries.ts).
import type { DeliveryRecord } from "@/contract";
import { decodeCursor, encodeCursor } from "./cursor";

export interface DeliveryPageOptions {
  limit: number;
  cursor: string | null;
  status: DeliveryRecord["status"] | null;
  since: Date | null;
}

export interface DeliveryPage {
  deliveries: DeliveryRecord[];
  next_cursor: string | null;
}

/** Newest first: last_attempt_at descending, then delivery_id descending (a total order). */
export function compareNewestFirst(a: DeliveryRecord, b: DeliveryRecord): number {
  return (
    Date.parse(b.last_attempt_at) - Date.parse(a.last_attempt_at) ||
    (a.delivery_id < b.delivery_id ? 1 : a.delivery_id > b.delivery_id ? -1 : 0)
  );
}

export function pageDeliveries(all: readonly DeliveryRecord[], options: DeliveryPageOptions): DeliveryPage {
  const after = options.cursor === null ? null : decodeCursor(options.cursor);
  const matching = all
    .filter((record) => options.status === null || record.status === options.status)
    .filter((record) => options.since === null || Date.parse(record.last_attempt_at) > options.since.getTime())
    .sort(compareNewestFirst)
    .filter((record) => {
      if (after === null) return true;
      const time = Date.parse(record.last_attempt_at);
      const afterTime = Date.parse(after.lastAttemptAt);
      return time < afterTime || (time === afterTime && record.delivery_id < after.deliveryId);
    });
  const deliveries = matching.slice(0, options.limit);
  const last = deliveries[deliveries.length - 1];
  return {
    deliveries,
    next_cursor:
      matching.length > options.limit && last
        ? encodeCursor({ asOf: after?.asOf ?? null, lastAttemptAt: last.last_attempt_at, deliveryId: last.delivery_id })
        : null,
  };
}

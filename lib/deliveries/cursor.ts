// Opaque keyset cursor for delivery history (newest last_attempt_at first, then delivery id). It also names
// the moment its pass of pages began (`asOf`): later pages list the history as it stood then, so a delivery
// retried while an agent pages does not jump above the cursor and vanish from that pass.
import { ServiceError } from "@/lib/errors";

export interface DeliveryCursor {
  /** When the pass began (ISO-8601); absent in cursors made before 2.1.0. */
  asOf: string | null;
  lastAttemptAt: string;
  deliveryId: string;
}

export function encodeCursor(cursor: DeliveryCursor): string {
  const parts = cursor.asOf === null ? [cursor.lastAttemptAt, cursor.deliveryId] : [cursor.lastAttemptAt, cursor.deliveryId, cursor.asOf];
  return Buffer.from(JSON.stringify(parts), "utf8").toString("base64url");
}

/**
 * A time as the service writes it in a cursor: toISOString's form, which it reads back to. Not any string
 * Date.parse reads: it rolls 30 February over and reaches 275760 years either side of 1970, which PostgreSQL
 * refuses (its timestamps run 4713 BC to 294276 AD), and a forged cursor was then a database error (500) of
 * a paid request.
 */
const isTime = (value: unknown): value is string =>
  typeof value === "string" && /^\d{4}-/.test(value) && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value;

export function decodeCursor(value: string): DeliveryCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && (parsed.length === 2 || parsed.length === 3) && isTime(parsed[0]) && typeof parsed[1] === "string") {
      if (parsed.length === 2) return { asOf: null, lastAttemptAt: parsed[0], deliveryId: parsed[1] };
      if (isTime(parsed[2])) return { asOf: parsed[2], lastAttemptAt: parsed[0], deliveryId: parsed[1] };
    }
  } catch {
    // fall through to the error below
  }
  throw new ServiceError("invalid_parameter", "cursor is not a next_cursor value from a previous response.", {
    parameter: "cursor",
  });
}

// Opaque keyset cursor for delivery history (newest last_attempt_at first, then delivery id).
import { ServiceError } from "@/lib/errors";

export interface DeliveryCursor {
  lastAttemptAt: string;
  deliveryId: string;
}

export function encodeCursor(cursor: DeliveryCursor): string {
  return Buffer.from(JSON.stringify([cursor.lastAttemptAt, cursor.deliveryId]), "utf8").toString("base64url");
}

export function decodeCursor(value: string): DeliveryCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "string" &&
      !Number.isNaN(Date.parse(parsed[0])) &&
      typeof parsed[1] === "string"
    ) {
      return { lastAttemptAt: parsed[0], deliveryId: parsed[1] };
    }
  } catch {
    // fall through to the error below
  }
  throw new ServiceError("invalid_parameter", "cursor is not a next_cursor value from a previous response.", {
    parameter: "cursor",
  });
}

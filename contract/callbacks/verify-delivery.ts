// Signed callback deliveries (SERVICE-SPEC "Callback signing"): the service signs with these functions,
// and receivers verify with them: `import { verifyDelivery } from "court-docket-api/callbacks"`.
// HMAC-SHA256 over the raw body bytes as sent, hex, compared in constant time; the key id header picks
// the secret (current or, during a rotation, previous); timestamps more than 300 s from the receiver's
// clock are refused. The signature covers the body only (SERVICE-SPEC), not the timestamp or
// Idempotency-Key headers: to ignore a resent delivery, remember a SHA-256 of each raw body you verified
// (not the request id with court and case: a batch's deliveries share one request id; docs/callbacks.md).
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-service-signature";
export const KEY_ID_HEADER = "x-service-signature-key-id";
export const TIMESTAMP_HEADER = "x-service-timestamp";
export const IDEMPOTENCY_HEADER = "idempotency-key";
export const TIMESTAMP_TOLERANCE_SECONDS = 300;

const SECRET_FORMAT = /^[0-9a-f]{64}$/i;

/**
 * `sha256=<hex HMAC-SHA256 of the exact body bytes>`. The secret is the 64 hex characters the service
 * issued: anything else is refused, because Buffer's hex decoding stops silently at the first non-hex
 * character, and a truncated (or empty) key would sign with a key anyone can compute.
 */
export function signDeliveryBody(secretHex: string, body: string | Uint8Array): string {
  if (!SECRET_FORMAT.test(secretHex)) throw new TypeError("a signing secret is 64 hex characters (new_key_secret of POST /v2/wallet/keys)");
  const key = Buffer.from(secretHex, "hex");
  return `sha256=${createHmac("sha256", key).update(typeof body === "string" ? Buffer.from(body, "utf8") : body).digest("hex")}`;
}

export type DeliveryVerification =
  | { ok: true; keyId: string; idempotencyKey: string | null; timestamp: number }
  | { ok: false; reason: "missing_headers" | "unknown_key" | "expired_key" | "bad_signature" | "stale_timestamp" };

export interface VerifyDeliveryOptions {
  /** The request body exactly as received (not re-serialized JSON). */
  rawBody: string | Uint8Array;
  /** The request headers: a Headers object or a plain record (names in any case). */
  headers: Headers | Record<string, string | string[] | undefined>;
  /**
   * The wallet's signing secrets: by key id, or as a list where a key may carry the end of its validity
   * (a rotation response's `previous_key_valid_until`), after which it is refused.
   */
  secrets: Record<string, string> | ReadonlyArray<{ keyId: string; secret: string; validUntil?: string | Date | null }>;
  /** The receiver's clock, in Unix seconds (default: now). */
  nowSeconds?: number;
  toleranceSeconds?: number;
}

function header(headers: VerifyDeliveryOptions["headers"], name: string): string | null {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** A string or a Uint8Array (a Buffer is one), also one made in another realm (a test runner's vm context). */
function isBytes(body: unknown): body is string | Uint8Array {
  return typeof body === "string" || (ArrayBuffer.isView(body) && Object.prototype.toString.call(body) === "[object Uint8Array]");
}

export function verifyDelivery(options: VerifyDeliveryOptions): DeliveryVerification {
  // A body that is not bytes (a framework's parsed `{}` for a request of another content type, undefined) is
  // no delivery of ours: refused like a wrong signature, not thrown as a 500.
  if (!isBytes(options.rawBody)) return { ok: false, reason: "bad_signature" };
  const signature = header(options.headers, SIGNATURE_HEADER);
  const keyId = header(options.headers, KEY_ID_HEADER);
  const timestampText = header(options.headers, TIMESTAMP_HEADER);
  if (!signature || !keyId || !timestampText || !/^\d+$/.test(timestampText)) return { ok: false, reason: "missing_headers" };
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const entry = Array.isArray(options.secrets)
    ? options.secrets.find((candidate) => candidate.keyId === keyId)
    : (() => {
        // Own properties only: a key id header such as "constructor" must not find Object's.
        const secrets = options.secrets as Record<string, string>;
        const secret = Object.hasOwn(secrets, keyId) ? secrets[keyId] : undefined;
        return typeof secret === "string" ? { keyId, secret, validUntil: null } : undefined;
      })();
  if (!entry) return { ok: false, reason: "unknown_key" };
  if (entry.validUntil) {
    const until = new Date(entry.validUntil).getTime();
    // An unreadable end of validity must not mean "valid forever".
    if (Number.isNaN(until) || until / 1000 < now) return { ok: false, reason: "expired_key" };
  }
  const expected = Buffer.from(signDeliveryBody(entry.secret, options.rawBody), "utf8");
  const given = Buffer.from(signature, "utf8");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "bad_signature" };
  const timestamp = Number(timestampText);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? TIMESTAMP_TOLERANCE_SECONDS)) return { ok: false, reason: "stale_timestamp" };
  return { ok: true, keyId, idempotencyKey: header(options.headers, IDEMPOTENCY_HEADER), timestamp };
}

// The receiver helper (court-docket-api/callbacks): what a receiver must accept and refuse.
import { execFileSync } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { signDeliveryBody, verifyDelivery } from "@/contract/callbacks/verify-delivery.ts";

const secret = "a".repeat(64);
const previous = "b".repeat(64);
const body = JSON.stringify({ payload: { case_id: "1:23-cv-04567", note: "é" }, webhook: { version: "2.0", event_type: "case_query_complete", date_created: "2026-11-20T10:00:00.000Z", deprecation_date: null } });
const now = 1_800_000_000;

function headers(overrides: Record<string, string> = {}, signWith = secret, keyId = "key_current", sentBody = body) {
  return {
    "X-Service-Signature": signDeliveryBody(signWith, sentBody),
    "X-Service-Signature-Key-Id": keyId,
    "X-Service-Timestamp": String(now),
    "Idempotency-Key": "0b0c4b5e-7f2a-4c1d-9a3e-5b6c7d8e9f00",
    ...overrides,
  };
}

describe("verifyDelivery", () => {
  it("accepts a genuine delivery, from the raw bytes, with a Headers object or a plain record", () => {
    const record = verifyDelivery({ rawBody: body, headers: headers(), secrets: { key_current: secret }, nowSeconds: now });
    expect(record).toEqual({ ok: true, keyId: "key_current", idempotencyKey: "0b0c4b5e-7f2a-4c1d-9a3e-5b6c7d8e9f00", timestamp: now });
    const asHeaders = verifyDelivery({ rawBody: Buffer.from(body, "utf8"), headers: new Headers(headers()), secrets: { key_current: secret }, nowSeconds: now + 299 });
    expect(asHeaders.ok).toBe(true);
  });

  it("signs with the 32 bytes the hex secret encodes: docs/callbacks.md's recipe without the package verifies, the secret as text does not", () => {
    const issued = randomBytes(32).toString("hex");
    const header = signDeliveryBody(issued, body);
    expect(header).toBe(`sha256=${createHmac("sha256", Buffer.from(issued, "hex")).update(body).digest("hex")}`);
    expect(header).not.toBe(`sha256=${createHmac("sha256", issued).update(body).digest("hex")}`);
    // The Python recipe of the docs, run as written.
    const docs = readFileSync(path.join(import.meta.dirname, "../../docs/callbacks.md"), "utf8");
    const recipe = /```python\n([\s\S]*?)```/.exec(docs)![1]!;
    const run = (signature: string) =>
      execFileSync("python3", ["-c", `${recipe}\nimport sys\nprint(signature_ok(sys.stdin.buffer.read(), sys.argv[1], sys.argv[2]))`, signature, issued], { input: body }).toString().trim();
    expect(run(header)).toBe("True");
    expect(run(signDeliveryBody(previous, body))).toBe("False");
    // A forged header of the right length that is not ASCII is refused, not an exception (a 500).
    expect(run(`sha256=é${"0".repeat(63)}`)).toBe("False");
  });

  it("refuses a body that is not bytes (a framework's parsed {} or undefined) instead of throwing", () => {
    // A Buffer made in another realm (a vm context, as some test runners use) is bytes all the same.
    const foreign = runInNewContext("new Uint8Array(bytes)", { bytes: [...Buffer.from(body, "utf8")] }) as Uint8Array;
    expect(foreign instanceof Uint8Array).toBe(false);
    expect(verifyDelivery({ rawBody: foreign, headers: headers(), secrets: { key_current: secret }, nowSeconds: now }).ok).toBe(true);
    for (const rawBody of [{}, undefined, null, 42, new DataView(new ArrayBuffer(4))]) {
      expect(verifyDelivery({ rawBody: rawBody as never, headers: headers(), secrets: { key_current: secret }, nowSeconds: now })).toEqual({ ok: false, reason: "bad_signature" });
    }
  });

  it("refuses re-serialized JSON: the signature covers the bytes as sent", () => {
    const reserialized = JSON.stringify(JSON.parse(body), null, 2);
    expect(verifyDelivery({ rawBody: reserialized, headers: headers(), secrets: { key_current: secret }, nowSeconds: now })).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("refuses a signature made with another key, and an unknown key id", () => {
    expect(verifyDelivery({ rawBody: body, headers: headers({}, "c".repeat(64)), secrets: { key_current: secret }, nowSeconds: now })).toEqual({ ok: false, reason: "bad_signature" });
    expect(verifyDelivery({ rawBody: body, headers: headers({}, secret, "key_other"), secrets: { key_current: secret }, nowSeconds: now })).toEqual({ ok: false, reason: "unknown_key" });
  });

  it("refuses timestamps more than 300 s from the receiver's clock, either way", () => {
    for (const skew of [301, -301, 3600]) {
      expect(verifyDelivery({ rawBody: body, headers: headers(), secrets: { key_current: secret }, nowSeconds: now + skew })).toEqual({ ok: false, reason: "stale_timestamp" });
    }
    expect(verifyDelivery({ rawBody: body, headers: headers(), secrets: { key_current: secret }, nowSeconds: now - 300 }).ok).toBe(true);
  });

  it("accepts the previous key inside the rotation window only", () => {
    const validUntil = new Date((now + 1800) * 1000).toISOString();
    const secrets = [
      { keyId: "key_current", secret },
      { keyId: "key_previous", secret: previous, validUntil },
    ];
    const signedWithPrevious = (at: number) =>
      verifyDelivery({ rawBody: body, headers: headers({ "X-Service-Timestamp": String(at) }, previous, "key_previous"), secrets, nowSeconds: at });
    expect(signedWithPrevious(now).ok).toBe(true);
    expect(signedWithPrevious(now + 1799).ok).toBe(true);
    expect(signedWithPrevious(now + 1801)).toEqual({ ok: false, reason: "expired_key" });
  });

  it("refuses a delivery without its headers", () => {
    const { "X-Service-Timestamp": _dropped, ...rest } = headers();
    expect(verifyDelivery({ rawBody: body, headers: rest, secrets: { key_current: secret }, nowSeconds: now })).toEqual({ ok: false, reason: "missing_headers" });
  });

  it("never signs or verifies with a secret that is not 64 hex characters (Buffer would truncate it)", () => {
    for (const bad of [" " + secret, `0x${secret}`, "", "ab12", Buffer.from(secret, "hex").toString("base64")]) {
      expect(() => signDeliveryBody(bad, body), JSON.stringify(bad)).toThrow(/64 hex characters/);
      expect(() => verifyDelivery({ rawBody: body, headers: headers(), secrets: { key_current: bad }, nowSeconds: now })).toThrow(/64 hex characters/);
    }
  });

  it("finds only the receiver's own key ids, and treats an unreadable end of validity as expired", () => {
    for (const keyId of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(verifyDelivery({ rawBody: body, headers: headers({}, secret, keyId), secrets: { key_current: secret }, nowSeconds: now })).toEqual({ ok: false, reason: "unknown_key" });
    }
    const unreadable = [{ keyId: "key_current", secret, validUntil: "next tuesday" }];
    expect(verifyDelivery({ rawBody: body, headers: headers(), secrets: unreadable, nowSeconds: now })).toEqual({ ok: false, reason: "expired_key" });
  });
});

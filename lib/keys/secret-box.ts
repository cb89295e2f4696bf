// Signing-key secrets at rest: AES-256-GCM with a random IV per secret and the key id as associated
// data (a ciphertext copied onto another key's row does not decrypt). The plain secret exists only in
// memory: in the rotation response, once, and while a delivery is signed.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { getEnv } from "@/lib/env";
import { ServiceError } from "@/lib/errors";

/** Hex-encoded parts of an AES-256-GCM box. */
export interface SealedSecret {
  ciphertext: string;
  iv: string;
  tag: string;
}

function encryptionKey(): Buffer {
  const hex = getEnv().SIGNING_KEYS_ENCRYPTION_KEY;
  if (!hex) {
    // Only reachable with payments off (the environment check requires the key with payments on).
    throw new ServiceError("internal_error", "Signing keys cannot be stored: SIGNING_KEYS_ENCRYPTION_KEY is not configured.");
  }
  return Buffer.from(hex, "hex");
}

export function sealSecret(keyId: string, secretHex: string): SealedSecret {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  cipher.setAAD(Buffer.from(keyId, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(Buffer.from(secretHex, "hex")), cipher.final()]);
  return { ciphertext: ciphertext.toString("hex"), iv: iv.toString("hex"), tag: cipher.getAuthTag().toString("hex") };
}

export function openSecret(keyId: string, sealed: SealedSecret): string {
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(sealed.iv, "hex"));
  decipher.setAAD(Buffer.from(keyId, "utf8"));
  decipher.setAuthTag(Buffer.from(sealed.tag, "hex"));
  return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, "hex")), decipher.final()]).toString("hex");
}

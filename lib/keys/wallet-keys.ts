// Shared by the key operations: the wallet's row and lock, and which of its keys are current/previous.
import { randomBytes } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ensureWalletRow } from "@/lib/wallet/ensure-wallet-row";
import { sealSecret } from "./secret-box";

export type Tx = Prisma.TransactionClient;

/** The previous key signs (and verifies) for this long after a rotation. */
export const ROTATION_WINDOW_MS = 30 * 60 * 1000;

export const newKeyId = () => `key_${randomBytes(12).toString("hex")}`;
export const newSecret = () => randomBytes(32).toString("hex");

/** One writer per wallet at a time (concurrent first calls provision one key, rotations do not interleave). */
export async function lockWallet(tx: Tx, wallet: string): Promise<void> {
  await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", `wallet-keys:${wallet}`);
  // The lock orders key operations only: a delivery's first request creates the row without it.
  await ensureWalletRow(tx, wallet);
}

export interface KeyRow {
  id: string;
  createdAt: Date;
  retiredAt: Date | null;
  validUntil: Date | null;
  secretCiphertext: string;
  secretIv: string;
  secretTag: string;
}

export async function walletKeys(tx: Tx, wallet: string, now: Date): Promise<{ current: KeyRow | null; previous: KeyRow | null }> {
  const keys = await tx.signingKey.findMany({ where: { walletAddress: wallet }, orderBy: { createdAt: "desc" } });
  const current = keys.find((key) => key.retiredAt === null) ?? null;
  const previous = keys.find((key) => key.retiredAt !== null && key.validUntil !== null && key.validUntil > now) ?? null;
  return { current, previous };
}

export async function createKey(tx: Tx, wallet: string, now: Date): Promise<{ id: string; secret: string; createdAt: Date }> {
  const id = newKeyId();
  const secret = newSecret();
  const sealed = sealSecret(id, secret);
  await tx.signingKey.create({
    data: { id, walletAddress: wallet, secretCiphertext: sealed.ciphertext, secretIv: sealed.iv, secretTag: sealed.tag, createdAt: now },
  });
  return { id, secret, createdAt: now };
}

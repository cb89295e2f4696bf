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
  activatedAt: Date | null;
  secretCiphertext: string;
  secretIv: string;
  secretTag: string;
}

/**
 * The keys in effect: current is the newest; previous is the one before it, valid for ROTATION_WINDOW_MS after
 * the current took effect (one previous key at a time: a newer rotation ends an older window at once). A key
 * whose rotation awaits its payment is neither; and one whose payment settles late never displaces a rotation
 * made after it.
 */
export async function walletKeys(tx: Tx, wallet: string, now: Date): Promise<{ current: KeyRow | null; previous: KeyRow | null }> {
  const [current = null, before = null] = await tx.signingKey.findMany({
    where: { walletAddress: wallet, activatedAt: { not: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 2,
  });
  const windowOpen = current !== null && current.activatedAt!.getTime() + ROTATION_WINDOW_MS > now.getTime();
  return { current, previous: windowOpen ? before : null };
}

/**
 * A new key. With `pendingRequestId` (a paid rotation) it waits for that request's payment: the settlement
 * activates it, a payment not charged deletes it (lib/payments/close-payment.ts); otherwise it is in effect now.
 */
export async function createKey(tx: Tx, wallet: string, now: Date, pendingRequestId: string | null = null): Promise<{ id: string; secret: string; createdAt: Date }> {
  const id = newKeyId();
  const secret = newSecret();
  const sealed = sealSecret(id, secret);
  // A key provisioned (no key in effect yet) while the wallet's first rotation awaits its payment ranks
  // before that rotation: once paid, the rotation's key, whose secret the wallet holds, is current.
  let createdAt = now;
  if (pendingRequestId === null) {
    const pending = await tx.signingKey.findFirst({ where: { walletAddress: wallet, activatedAt: null }, orderBy: { createdAt: "asc" }, select: { createdAt: true } });
    if (pending && pending.createdAt <= now) createdAt = new Date(pending.createdAt.getTime() - 1);
  }
  await tx.signingKey.create({
    data: {
      id,
      walletAddress: wallet,
      secretCiphertext: sealed.ciphertext,
      secretIv: sealed.iv,
      secretTag: sealed.tag,
      createdAt,
      activatedAt: pendingRequestId === null ? now : null,
      pendingRequestId,
    },
  });
  return { id, secret, createdAt };
}

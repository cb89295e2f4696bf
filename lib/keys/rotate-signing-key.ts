// POST /v2/wallet/keys: a new current key, whose secret is returned this once; the key it replaces keeps
// signing validity for 30 minutes (the previous key). A key retired earlier stops being valid now: there
// is one previous key at a time.
import type { WalletKeyRotationResponse } from "@/contract";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { walletMeta, type MetaBase } from "@/lib/meta";
import { ROTATION_WINDOW_MS, createKey, lockWallet, walletKeys } from "./wallet-keys";

export interface RotateSigningKeyOptions {
  prisma: PrismaClient;
  wallet: string;
  meta: MetaBase;
  queryCostUsd: number;
  now: Date;
}

export async function rotateSigningKey({ prisma, wallet, meta, queryCostUsd, now }: RotateSigningKeyOptions): Promise<WalletKeyRotationResponse> {
  return prisma.$transaction(async (tx) => {
    await lockWallet(tx, wallet);
    const { current } = await walletKeys(tx, wallet, now);
    const validUntil = new Date(now.getTime() + ROTATION_WINDOW_MS);
    await tx.signingKey.updateMany({
      where: { walletAddress: wallet, retiredAt: { not: null }, validUntil: { gt: now } },
      data: { validUntil: now },
    });
    if (current) await tx.signingKey.update({ where: { id: current.id }, data: { retiredAt: now, validUntil } });
    const created = await createKey(tx, wallet, now);
    return {
      meta: walletMeta(meta, queryCostUsd),
      wallet,
      new_key_id: created.id,
      new_key_secret: created.secret,
      new_key_created_at: created.createdAt.toISOString(),
      previous_key_id: current?.id ?? null,
      previous_key_valid_until: current ? validUntil.toISOString() : null,
    };
  });
}

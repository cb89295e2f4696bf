// POST /v2/wallet/keys: a new current key, whose secret is returned this once; the key it replaces keeps
// signing validity for 30 minutes (the previous key), and a key retired earlier stops being valid: there is
// one previous key at a time (lib/keys/wallet-keys.ts). A paid rotation takes effect when its payment settles
// (a refused payment leaves the wallet's keys as they were: the wallet never got the new secret); until then,
// normally a few seconds, deliveries keep signing with the current key.
import type { WalletKeyRotationResponse } from "@/contract";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { walletMeta, type MetaBase } from "@/lib/meta";
import { reconcileWalletPayments } from "@/lib/payments/reconcile-wallet-payments";
import { ROTATION_WINDOW_MS, createKey, lockWallet, walletKeys } from "./wallet-keys";

export interface RotateSigningKeyOptions {
  prisma: PrismaClient;
  wallet: string;
  meta: MetaBase;
  queryCostUsd: number;
  now: Date;
  /** The paid request whose settlement activates the new key (lib/payments/close-payment.ts); default: at once. */
  pendingRequestId?: string;
}

export async function rotateSigningKey({ prisma, wallet, meta, queryCostUsd, now, pendingRequestId }: RotateSigningKeyOptions): Promise<WalletKeyRotationResponse> {
  // A rotation paid while its answer went out unconfirmed takes effect before this one reads the keys.
  await reconcileWalletPayments(prisma, wallet, now);
  return prisma.$transaction(async (tx) => {
    await lockWallet(tx, wallet);
    const { current } = await walletKeys(tx, wallet, now);
    const created = await createKey(tx, wallet, now, pendingRequestId ?? null);
    return {
      meta: walletMeta(meta, queryCostUsd),
      wallet,
      new_key_id: created.id,
      new_key_secret: created.secret,
      new_key_created_at: created.createdAt.toISOString(),
      previous_key_id: current?.id ?? null,
      // The window runs from when the new key takes effect, at settlement: at least this long.
      previous_key_valid_until: current ? new Date(now.getTime() + ROTATION_WINDOW_MS).toISOString() : null,
    };
  });
}

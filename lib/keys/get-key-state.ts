// GET /v2/wallet/keys: the paying wallet's signing-key state. The first call ever provisions a key (its
// secret is not returned: a caller rotates once to learn a secret).
import type { WalletKeysResponse } from "@/contract";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { walletMeta, type MetaBase } from "@/lib/meta";
import { reconcileWalletPayments } from "@/lib/payments/reconcile-wallet-payments";
import { createKey, lockWallet, walletKeys } from "./wallet-keys";

export interface GetKeyStateOptions {
  prisma: PrismaClient;
  wallet: string;
  meta: MetaBase;
  queryCostUsd: number;
  now: Date;
}

export async function getKeyState({ prisma, wallet, meta, queryCostUsd, now }: GetKeyStateOptions): Promise<WalletKeysResponse> {
  // A rotation paid while its answer went out unconfirmed takes effect before this one reads the keys.
  await reconcileWalletPayments(prisma, wallet, now);
  return prisma.$transaction(async (tx) => {
    await lockWallet(tx, wallet);
    const { current, previous } = await walletKeys(tx, wallet, now);
    const key = current ?? (await createKey(tx, wallet, now));
    return {
      meta: walletMeta(meta, queryCostUsd),
      wallet,
      current_key_id: key.id,
      current_key_created_at: key.createdAt.toISOString(),
      previous_key_id: previous?.id ?? null,
    };
  });
}

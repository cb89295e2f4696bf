// The key a delivery attempt signs with: the wallet's current key at the time of the attempt (provisioned
// if the wallet has none yet), with its secret opened in memory for this signature only.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { openSecret } from "./secret-box";
import { createKey, lockWallet, walletKeys } from "./wallet-keys";

export async function currentSigningKey(prisma: PrismaClient, wallet: string, now: Date): Promise<{ keyId: string; secret: string }> {
  return prisma.$transaction(async (tx) => {
    await lockWallet(tx, wallet);
    const { current } = await walletKeys(tx, wallet, now);
    if (!current) {
      const created = await createKey(tx, wallet, now);
      return { keyId: created.id, secret: created.secret };
    }
    return {
      keyId: current.id,
      secret: openSecret(current.id, { ciphertext: current.secretCiphertext, iv: current.secretIv, tag: current.secretTag }),
    };
  });
}

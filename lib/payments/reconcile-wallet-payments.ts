// Before a wallet's key state is read or changed: its own settlements that were broadcast but not confirmed
// when their request answered (a rotation delivered while its payment settled) are asked of the chain now,
// so a rotation paid meanwhile is in effect for the answer instead of waiting for the next reconciler run
// (every minute; never, where no Inngest runs). Asking about a row whose own request is still settling is
// harmless: whichever closes it first wins (close-payment.ts), and nothing is released before it is stale.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import { chainReaderFor } from "./chain-reader";
import { getPaymentConfig } from "./payment-config";
import { reconcilePayment, type OpenPayment } from "./reconcile-payments";
import { ABANDONED_AFTER_MS } from "./run-reconciler";

export async function reconcileWalletPayments(prisma: PrismaClient, wallet: string, now: Date): Promise<void> {
  const config = getPaymentConfig();
  const chain = config && chainReaderFor(config);
  if (!config || !chain) return;
  const rows = await prisma.$queryRawUnsafe<OpenPayment[]>(
    `SELECT nonce_key, payer, outcome, authorization_nonce, valid_before, transaction_hash, request_id, created_at, updated_at
       FROM payment_records
      WHERE payer = $1 AND outcome = 'settling'
      ORDER BY updated_at
      LIMIT 20`,
    wallet.toLowerCase(),
  );
  for (const row of rows) {
    try {
      await reconcilePayment(prisma, row, { chain, now, blockTimeMs: config.blockTimeMs, staleAfterMs: ABANDONED_AFTER_MS });
    } catch (error) {
      // The node is out of reach: the cron's next run finishes it; the answer is what the ledger says now.
      logEvent("warn", "wallet payment reconciliation failed", { request_id: row.request_id, detail: error instanceof Error ? error.message.slice(0, 300) : String(error) });
    }
  }
}

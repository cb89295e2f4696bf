// Before a wallet's key state is read or changed: its own settlements that were broadcast but not confirmed
// when their request answered (a rotation delivered while its payment settled) are asked of the chain now,
// so a rotation paid meanwhile is in effect for the answer instead of waiting for the next reconciler run
// (every minute; never, where no Inngest runs). Asking about a row whose own request is still settling is
// harmless: whichever closes it first wins (close-payment.ts), and nothing is released before it is stale.
// Bounded: a few rows, a short overall deadline, and the first failure ends it (a node that does not answer
// would otherwise hold the paid request for its every row); what is left, the cron finishes.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import { chainReaderFor } from "./chain-reader";
import { getPaymentConfig } from "./payment-config";
import { OPEN_PAYMENT_COLUMNS, reconcilePayment, type OpenPayment } from "./reconcile-payments";
import { ABANDONED_AFTER_MS } from "./run-reconciler";

/** The longest a key read or rotation waits for the chain before answering from the ledger as it is. */
export const WALLET_RECONCILE_DEADLINE_MS = 3_000;

export async function reconcileWalletPayments(prisma: PrismaClient, wallet: string, now: Date, deadlineMs = WALLET_RECONCILE_DEADLINE_MS): Promise<void> {
  const config = getPaymentConfig();
  const chain = config && chainReaderFor(config);
  if (!config || !chain) return;
  const rows = await prisma.$queryRawUnsafe<OpenPayment[]>(
    `SELECT ${OPEN_PAYMENT_COLUMNS}
       FROM payment_records
      WHERE payer = $1 AND outcome = 'settling'
      ORDER BY updated_at DESC
      LIMIT 5`,
    wallet.toLowerCase(),
  );
  if (rows.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), deadlineMs);
    timer.unref();
  });
  const settings = { chain, now, blockTimeMs: config.blockTimeMs, staleAfterMs: ABANDONED_AFTER_MS };
  try {
    for (const row of rows) {
      // A late answer still closes its row when it comes (close-payment.ts decides once); this request goes on.
      const asked = reconcilePayment(prisma, row, settings).then(
        () => "done" as const,
        (error: unknown) => {
          logEvent("warn", "wallet payment reconciliation failed", { request_id: row.request_id, detail: error instanceof Error ? error.message.slice(0, 300) : String(error) });
          return "failed" as const;
        },
      );
      if ((await Promise.race([asked, deadline])) !== "done") return;
    }
  } finally {
    clearTimeout(timer);
  }
}

// The reconciler with this deployment's settings: by the Inngest cron (every minute), at start-up, and by
// tests and operators after a crash.
import { getDatabase } from "@/lib/db";
import { chainReaderFor } from "./chain-reader";
import { getPaymentConfig } from "./payment-config";
import { reconcilePayments, type ReconcileSummary } from "./reconcile-payments";

/** A reservation untouched this long belongs to a request that died (requests end long before: 5 min at most). */
export const ABANDONED_AFTER_MS = 10 * 60_000;

export interface RunReconcilerOptions {
  staleAfterMs?: number;
  now?: Date;
}

/** Null when this deployment takes no payments. */
export async function runReconciler(options: RunReconcilerOptions = {}): Promise<ReconcileSummary | null> {
  const config = getPaymentConfig();
  if (!config) return null;
  const database = await getDatabase();
  // The embedded database belongs to this one process: at start-up, whatever is unfinished there was left by
  // a crash. A shared PostgreSQL may have other instances at work, whose rows are left to the stale rule.
  const staleAfterMs = options.staleAfterMs ?? ABANDONED_AFTER_MS;
  return reconcilePayments(database.prisma, {
    chain: chainReaderFor(config),
    now: options.now ?? new Date(),
    blockTimeMs: config.blockTimeMs,
    staleAfterMs,
  });
}

export async function reconcileAtStartup(): Promise<ReconcileSummary | null> {
  // Without payments there is nothing to reconcile (and no database to open for it: a database that is down
  // must not be reported as a failed reconciliation).
  if (!getPaymentConfig()) return null;
  const database = await getDatabase();
  return runReconciler({ staleAfterMs: database.kind === "pglite" ? 0 : ABANDONED_AFTER_MS });
}

// Finishes payments that a crash (or a lost connection to the chain) left reserved or settling, from the
// chain itself; run at start-up (instrumentation.ts), by an Inngest cron (inngest/functions/
// reconcile-payments.ts), and for one payment when its proof is presented again (serve-paid-again.ts):
// - settling, authorization used on chain by a transfer → settled (its transaction found; deliveries released);
// - settling, authorization canceled by the payer (it reads as used too) → released, nothing was paid;
// - settling, used but neither event within the node's log range → open until validBefore, then settled;
// - settling, unused, and past validBefore → released (it can never be used now; quota given back);
// - settling, unused, and stale with no transaction the node knows → released (never broadcast);
// - reserved (the work never finished: nothing was broadcast), stale or past validBefore → released.
// Stored answers past their retention are dropped.
import type { Address, Hex } from "viem";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import type { ChainReader } from "./chain-reader";
import { closePayment } from "./close-payment";
import { readAuthorizationOutcome } from "./read-authorization-outcome";

/** The columns of payment_records an OpenPayment is read from. */
export const OPEN_PAYMENT_COLUMNS = "nonce_key, payer, outcome, authorization_nonce, valid_before, transaction_hash, request_id, created_at, updated_at";

export interface OpenPayment {
  nonce_key: string;
  payer: string;
  outcome: string;
  authorization_nonce: string | null;
  valid_before: Date | null;
  transaction_hash: string | null;
  request_id: string;
  created_at: Date;
  updated_at: Date;
}

export interface ReconcileSettings {
  chain: ChainReader | null;
  now: Date;
  blockTimeMs: number;
  /** An unfinished row untouched for this long belongs to a request that died. */
  staleAfterMs: number;
}

export type ReconcileResult = "settled" | "released" | "open";

/** After validBefore, an authorization can still appear in a block produced just before it: wait two blocks more. */
const expiryMargin = (blockTimeMs: number) => 2 * blockTimeMs + 5_000;

export async function reconcilePayment(prisma: PrismaClient, row: OpenPayment, settings: ReconcileSettings): Promise<ReconcileResult> {
  const { chain, now } = settings;
  const age = now.getTime() - new Date(row.updated_at).getTime();
  const stale = age >= settings.staleAfterMs;
  const validBefore = row.valid_before ? new Date(row.valid_before).getTime() : null;
  const close = async (result: Parameters<typeof closePayment>[2]): Promise<ReconcileResult> => {
    const closed = await closePayment(prisma, row.nonce_key, result, now);
    if (closed) logEvent("info", "payment reconciled", { request_id: row.request_id, nonce_key: row.nonce_key, ...result });
    return closed ? (result.outcome === "settled" ? "settled" : "released") : "open";
  };

  if (row.outcome === "reserved") {
    // Nothing is broadcast before a row is settling: releasing a reservation never loses a charge.
    if (stale) return close({ outcome: "released", reason: "abandoned: the request did not finish" });
    if (validBefore !== null && now.getTime() >= validBefore) return close({ outcome: "released", reason: "authorization expired before settlement" });
    return "open";
  }
  if (row.outcome !== "settling" || !row.authorization_nonce) return "open";
  if (!chain) {
    logEvent("warn", "payment left settling: no chain node configured to reconcile it (X402_RPC_URL)", { request_id: row.request_id });
    return "open";
  }
  const lookback = Math.ceil((now.getTime() - new Date(row.created_at).getTime() + 600_000) / settings.blockTimeMs);
  const outcome = await readAuthorizationOutcome(chain, {
    payer: row.payer as Address,
    nonce: row.authorization_nonce as Hex,
    ourTransaction: row.transaction_hash as Hex | null,
    lookbackBlocks: Math.min(lookback, 50_000),
  });
  if (outcome.kind === "used") return close({ outcome: "settled", transactionHash: outcome.transaction });
  if (outcome.kind === "canceled") return close({ outcome: "released", reason: "the payer canceled the authorization: nothing was paid" });
  if (outcome.kind === "unknown") {
    // Used, but neither event is within the node's log range. Asked again each run until validBefore has
    // passed (a transfer could still be found); then counted as paid, so the payer's answer is served (a cancel
    // read as paid costs us one answer; a payment read as unpaid would cost the payer theirs).
    if (validBefore === null || now.getTime() < validBefore + expiryMargin(settings.blockTimeMs)) return "open";
    logEvent("error", "payment authorization used, but no event says whether by a transfer or a cancel: counted as paid", { request_id: row.request_id });
    return close({ outcome: "settled", transactionHash: null });
  }
  if (validBefore !== null && now.getTime() >= validBefore + expiryMargin(settings.blockTimeMs)) {
    return close({ outcome: "released", reason: "authorization expired unused" });
  }
  if (stale && (!row.transaction_hash || !(await chain.transactionKnown(row.transaction_hash as Hex)))) {
    return close({ outcome: "released", reason: "settlement never reached the chain" });
  }
  return "open";
}

export interface ReconcileSummary {
  settled: number;
  released: number;
  open: number;
  failed: number;
  answersDropped: number;
}

/** Every unfinished payment that is not in the hands of a live request (older than two blocks), in one pass. */
export async function reconcilePayments(prisma: PrismaClient, settings: ReconcileSettings, limit = 500): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { settled: 0, released: 0, open: 0, failed: 0, answersDropped: 0 };
  const quietSince = new Date(settings.now.getTime() - Math.min(settings.staleAfterMs, Math.max(5_000, 2 * settings.blockTimeMs)));
  const rows = await prisma.$queryRawUnsafe<OpenPayment[]>(
    `SELECT ${OPEN_PAYMENT_COLUMNS}
       FROM payment_records
      WHERE outcome IN ('reserved', 'settling') AND (updated_at < $1::timestamptz OR valid_before < $2::timestamptz)
      ORDER BY updated_at
      LIMIT ${Math.floor(limit)}`,
    quietSince.toISOString(),
    settings.now.toISOString(),
  );
  for (const row of rows) {
    try {
      summary[await reconcilePayment(prisma, row, settings)] += 1;
    } catch (error) {
      // The node is out of reach: the row stays as it is for the next run.
      summary.failed += 1;
      logEvent("warn", "payment reconciliation failed", { request_id: row.request_id, detail: error instanceof Error ? error.message.slice(0, 300) : String(error) });
    }
  }
  summary.answersDropped = await prisma.$executeRawUnsafe(
    `UPDATE payment_records SET answer = NULL, answer_awaited_since = NULL WHERE answer IS NOT NULL AND answer_expires_at < $1::timestamptz`,
    settings.now.toISOString(),
  );
  return summary;
}

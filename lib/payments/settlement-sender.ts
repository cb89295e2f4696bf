// The in-process facilitator's transactions, at chain speed: many settlements in flight at once, each
// numbered by one nonce counter, and each transaction signed here so that its hash is known (and stored
// with its payment, lib/payments/chain-context.ts) before it is broadcast. Only numbering, signing and
// broadcasting run one at a time (a few milliseconds on a nearby node); receipts are awaited concurrently
// by the caller. Across instances (PostgreSQL) the counter lives in settlement_nonces under an advisory
// lock; on the embedded database (one process) it lives in memory.
//
// A transaction the node accepted and then lost (dropped from its mempool, a node restart) leaves a gap
// in the account's nonces, and every later settlement waits behind it forever. So a receipt that does not
// come within a few blocks makes the sender look (waitForReceipt → repairStall): transactions it signed
// itself are broadcast again, byte for byte; a missing nonce it holds nothing for (signed by an instance
// that is gone) is filled, after two looks, with an empty transfer to itself. Filling can only cancel a
// settlement that never reached the chain: its payer is not charged, and the reconciler releases it.
import {
  keccak256,
  WaitForTransactionReceiptTimeoutError,
  type Address,
  type Hex,
  type PrivateKeyAccount,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import { getDatabase } from "@/lib/db";
import type { Database } from "@/lib/db/open-database";
import { logEvent } from "@/lib/log";
import { currentChainContext, isTransportError, noteTransportError } from "./chain-context";

/** The node refused the nonce: ours is behind the chain (another sender, or a broadcast whose answer was lost). */
const NONCE_REFUSED = /nonce too low|nonce has already been used|already known|known transaction|replacement transaction underpriced|invalid nonce|nonce.*(lower|too small)/i;
const ATTEMPTS = 3;
/** Blocks without a receipt before the sender looks for a gap. */
const STALL_BLOCKS = 3;
/** Nonces looked at in one repair; more than this many missing at once is no gap but an outage. */
const REPAIR_SPAN = 64;

export interface SettlementSenderOptions {
  account: PrivateKeyAccount;
  client: PublicClient;
  chainId: number;
  blockTimeMs: number;
}

export class SettlementSender {
  private readonly account: PrivateKeyAccount;
  private readonly client: PublicClient;
  private readonly chainId: number;
  private readonly blockTimeMs: number;
  private queue: Promise<unknown> = Promise.resolve();
  /** Embedded database: the next nonce, or null to read it from the chain. */
  private memoryNonce: number | null = null;
  private fees: { at: number; value: Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> } | null = null;
  /** What this process broadcast and has not seen mined, by nonce: what a gap is repaired with. */
  private readonly inFlight = new Map<number, { hash: Hex; raw: Hex }>();
  /** A nonce the node lacks and this process holds nothing for, since when: filled when seen missing twice. */
  private missing: { nonce: number; since: number } | null = null;
  /** The repair under way: concurrent waiters share one look instead of broadcasting the same fix each. */
  private repairing: Promise<void> | null = null;

  constructor(options: SettlementSenderOptions) {
    this.account = options.account;
    this.client = options.client;
    this.chainId = options.chainId;
    this.blockTimeMs = options.blockTimeMs;
  }

  get address(): Address {
    return this.account.address;
  }

  /** Signs, records (chain context) and broadcasts one call from our account; returns its hash. */
  async send(call: { to: Address; data: Hex }): Promise<Hex> {
    // Estimating also simulates: a transfer that would revert is refused here, before it costs a nonce.
    // Against the latest block: nodes default to "pending", which re-executes every transaction waiting in
    // the mempool first (ten times slower with sixty of ours in flight, on the local chain).
    const [gas, fees] = await Promise.all([
      this.client.estimateGas({ account: this.account.address, to: call.to, data: call.data, blockTag: "latest" }),
      this.currentFees(),
    ]);
    const onHash = currentChainContext()?.onTransactionHash;
    const database = await getDatabase();
    return this.oneAtATime(database, async (nonces) => {
      for (let attempt = 1; ; attempt += 1) {
        const nonce = await nonces.next();
        const serialized = await this.account.signTransaction({
          chainId: this.chainId,
          type: "eip1559",
          to: call.to,
          data: call.data,
          value: 0n,
          nonce,
          gas: (gas * 12n) / 10n,
          ...fees,
        });
        const hash = keccak256(serialized);
        await onHash?.(hash);
        try {
          await this.client.sendRawTransaction({ serializedTransaction: serialized });
          this.inFlight.set(nonce, { hash, raw: serialized });
          await nonces.commit(nonce + 1);
          return hash;
        } catch (error) {
          if (noteTransportError(error) || isTransportError(error)) {
            // The node may have taken it: count from the chain next time.
            await nonces.forget();
            throw error;
          }
          const message = error instanceof Error ? error.message : String(error);
          if (!NONCE_REFUSED.test(message) || attempt >= ATTEMPTS) throw error;
          await nonces.forget();
        }
      }
    });
  }

  /**
   * The receipt of a transaction this sender broadcast, within `timeoutMs`. Every few blocks without it,
   * the account's nonces are checked for a gap (repairStall). Throws viem's timeout error at the deadline.
   */
  async waitForReceipt(hash: Hex, timeoutMs: number, pollingInterval: number): Promise<TransactionReceipt> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const left = deadline - Date.now();
      try {
        const receipt = await this.client.waitForTransactionReceipt({ hash, pollingInterval, timeout: Math.max(1, Math.min(left, STALL_BLOCKS * this.blockTimeMs)) });
        for (const [nonce, sent] of this.inFlight) if (sent.hash === hash) this.inFlight.delete(nonce);
        return receipt;
      } catch (error) {
        if (!(error instanceof WaitForTransactionReceiptTimeoutError) || Date.now() >= deadline) throw error;
        try {
          await this.repairStall();
        } catch (failure) {
          logEvent("warn", "settlement stall: repair failed", { detail: failure instanceof Error ? failure.message.slice(0, 200) : String(failure) });
        }
      }
    }
  }

  /**
   * Finds where the node's view of the account stops (its pending nonce: the mined ones and those queued
   * without a hole) and, when transactions of ours wait beyond it, fills the hole: our own signed
   * transaction again, or an empty self-transfer for a nonce nobody here holds (the second time it is seen
   * missing, so that an instance repairing its own transaction goes first).
   */
  repairStall(): Promise<void> {
    this.repairing ??= this.repairOnce().finally(() => {
      this.repairing = null;
    });
    return this.repairing;
  }

  private async repairOnce(): Promise<void> {
    const address = this.account.address;
    for (let step = 0; step < REPAIR_SPAN; step += 1) {
      const [mined, pending] = await Promise.all([
        this.client.getTransactionCount({ address, blockTag: "latest" }),
        this.client.getTransactionCount({ address, blockTag: "pending" }),
      ]);
      for (const nonce of this.inFlight.keys()) if (nonce < mined) this.inFlight.delete(nonce);
      const waiting = Math.max(-1, ...this.inFlight.keys());
      // Nothing of ours beyond the node's contiguous view: no gap, only a slow chain.
      if (waiting < pending) {
        this.missing = null;
        return;
      }
      const held = this.inFlight.get(pending);
      if (held) {
        logEvent("warn", "settlement stall: broadcasting a lost transaction again", { nonce: pending, transaction: held.hash });
        await this.broadcastIgnoringKnown(held.raw);
      } else {
        const now = Date.now();
        if (this.missing?.nonce !== pending) {
          this.missing = { nonce: pending, since: now };
          return;
        }
        logEvent("warn", "settlement stall: filling a nonce gap with an empty transfer", { nonce: pending, missing_for_ms: now - this.missing.since });
        await this.fill(pending);
        this.missing = null;
      }
    }
  }

  /** An empty transfer to ourselves at `nonce`, priced to replace nothing better than itself. */
  private async fill(nonce: number): Promise<void> {
    const fees = await this.currentFees();
    const raw = await this.account.signTransaction({ chainId: this.chainId, type: "eip1559", to: this.account.address, value: 0n, nonce, gas: 21_000n, ...fees });
    await this.broadcastIgnoringKnown(raw);
  }

  /** Sends a signed transaction; "already known" or "nonce too low" mean the node has it or its successor. */
  private async broadcastIgnoringKnown(raw: Hex): Promise<void> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isTransportError(error) || !NONCE_REFUSED.test(message)) throw error;
    }
  }

  /** Fees change at most once a block: one estimate per block time. */
  private currentFees() {
    const now = Date.now();
    if (!this.fees || now - this.fees.at > this.blockTimeMs) {
      const value = this.client.estimateFeesPerGas().then((fees) => ({
        maxFeePerGas: fees.maxFeePerGas!,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas!,
      }));
      value.catch(() => {
        if (this.fees?.value === value) this.fees = null;
      });
      this.fees = { at: now, value };
    }
    return this.fees.value;
  }

  private chainNonce(): Promise<number> {
    return this.client.getTransactionCount({ address: this.account.address, blockTag: "pending" });
  }

  private oneAtATime<T>(database: Database, work: (nonces: NonceCounter) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      if (database.kind !== "postgres") {
        return work({
          next: async () => (this.memoryNonce ??= await this.chainNonce()),
          commit: async (next) => {
            this.memoryNonce = next;
          },
          forget: async () => {
            this.memoryNonce = null;
          },
        });
      }
      const address = this.account.address.toLowerCase();
      return database.prisma.$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", `x402:settlement-nonce:${address}`);
          return work({
            next: async () => {
              const row = await tx.settlementNonce.findUnique({ where: { address } });
              // No row yet, or forgotten after the node refused a nonce: count from the chain.
              if (row) return Number(row.nextNonce);
              return this.chainNonce();
            },
            commit: async (next) => {
              await tx.settlementNonce.upsert({
                where: { address },
                create: { address, nextNonce: BigInt(next) },
                update: { nextNonce: BigInt(next), updatedAt: new Date() },
              });
            },
            forget: async () => {
              await tx.settlementNonce.deleteMany({ where: { address } });
            },
          });
        },
        { timeout: 60_000, maxWait: 60_000 },
      );
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

interface NonceCounter {
  next(): Promise<number>;
  commit(next: number): Promise<void>;
  forget(): Promise<void>;
}

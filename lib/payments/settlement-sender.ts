// The in-process facilitator's transactions, at chain speed: many settlements in flight at once, each
// numbered by one nonce counter, and each transaction signed here so that its hash is known (and stored
// with its payment, lib/payments/chain-context.ts) before it is broadcast. Only numbering, signing and
// broadcasting run one at a time (a few milliseconds on a nearby node); receipts are awaited concurrently
// by the caller. Across instances (PostgreSQL) the counter lives in settlement_nonces under an advisory
// lock; on the embedded database (one process) it lives in memory.
import { keccak256, type Address, type Hex, type PrivateKeyAccount, type PublicClient } from "viem";
import { getDatabase } from "@/lib/db";
import type { Database } from "@/lib/db/open-database";
import { currentChainContext, isTransportError, noteTransportError } from "./chain-context";

/** The node refused the nonce: ours is behind the chain (another sender, or a broadcast whose answer was lost). */
const NONCE_REFUSED = /nonce too low|nonce has already been used|already known|replacement transaction underpriced|invalid nonce|nonce.*(lower|too small)/i;
const ATTEMPTS = 3;

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

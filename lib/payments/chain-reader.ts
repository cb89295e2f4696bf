// What the service asks the chain about a payment: whether its EIP-3009 authorization reads as used (the
// token's authorizationState) and, if so, whether a transfer used it (AuthorizationUsed: which transaction)
// or the payer canceled it (AuthorizationCanceled: nothing was paid); the receipt and whereabouts of our
// settlement transaction; the payer's balance (a call paid twice, check-balance.ts).
import { createPublicClient, defineChain, http, parseAbi, type Address, type Hex, type PublicClient } from "viem";
import type { PaymentConfig } from "./payment-config";

const eip3009Abi = parseAbi([
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "function balanceOf(address owner) view returns (uint256)",
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
  "event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce)",
]);

/**
 * What became of an authorization whose nonce reads as used: `authorizationState` is true both after the
 * transfer and after the payer's cancelAuthorization, and only the first pays. "unknown": neither event was
 * found (older than the look-back, or the node refused the log query).
 */
export type AuthorizationFate = { kind: "used"; transaction: Hex } | { kind: "canceled"; transaction: Hex } | { kind: "unknown" };

export interface ChainReader {
  authorizationUsed(payer: Address, nonce: Hex): Promise<boolean>;
  /** The token's balance of `owner`, in base units. */
  balanceOf(owner: Address): Promise<bigint>;
  /** "success" | "reverted", or null while the transaction has no receipt. */
  receiptStatus(hash: Hex): Promise<"success" | "reverted" | null>;
  /** Whether the node knows the transaction at all (pending or mined). */
  transactionKnown(hash: Hex): Promise<boolean>;
  /** Whether an authorization was used by a transfer or canceled, from its events over `lookbackBlocks`. */
  authorizationFate(payer: Address, nonce: Hex, lookbackBlocks: number): Promise<AuthorizationFate>;
}

const readers = new Map<string, ChainReader>();

/** The reader for the configured network, or null when this deployment has no node to read from. */
export function chainReaderFor(config: PaymentConfig): ChainReader | null {
  if (!config.rpcUrl) return null;
  const key = `${config.rpcUrl}|${config.asset}`;
  const existing = readers.get(key);
  if (existing) return existing;
  const chain = defineChain({
    id: config.chainId,
    name: config.network,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
  const client: PublicClient = createPublicClient({ chain, transport: http(config.rpcUrl, { timeout: 10_000, retryCount: 1 }) });
  const token = config.asset as Address;
  const reader: ChainReader = {
    authorizationUsed: (payer, nonce) => client.readContract({ address: token, abi: eip3009Abi, functionName: "authorizationState", args: [payer, nonce] }),
    balanceOf: (owner) => client.readContract({ address: token, abi: eip3009Abi, functionName: "balanceOf", args: [owner] }),
    async receiptStatus(hash) {
      try {
        return (await client.getTransactionReceipt({ hash })).status;
      } catch (error) {
        if (error instanceof Error && error.name === "TransactionReceiptNotFoundError") return null;
        throw error;
      }
    },
    async transactionKnown(hash) {
      try {
        await client.getTransaction({ hash });
        return true;
      } catch (error) {
        if (error instanceof Error && error.name === "TransactionNotFoundError") return false;
        throw error;
      }
    },
    async authorizationFate(payer, nonce, lookbackBlocks) {
      // Not viem's cached block number (kept for its polling interval): an event mined since would be missed.
      const latest = await client.getBlockNumber({ cacheTime: 0 });
      const fromBlock = latest > BigInt(lookbackBlocks) ? latest - BigInt(lookbackBlocks) : 0n;
      const range = { address: token, abi: eip3009Abi, args: { authorizer: payer, nonce }, fromBlock, toBlock: "latest" } as const;
      try {
        const [used, canceled] = await Promise.all([
          client.getContractEvents({ ...range, eventName: "AuthorizationUsed" }),
          client.getContractEvents({ ...range, eventName: "AuthorizationCanceled" }),
        ]);
        if (used[0]) return { kind: "used", transaction: used[0].transactionHash };
        if (canceled[0]) return { kind: "canceled", transaction: canceled[0].transactionHash };
      } catch {
        // nodes limit log ranges: unknown, and the caller decides without the events
      }
      return { kind: "unknown" };
    },
  };
  readers.set(key, reader);
  return reader;
}

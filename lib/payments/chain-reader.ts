// What the reconciler asks the chain about a payment: whether its EIP-3009 authorization was used (the
// token's authorizationState), the payer's balance (a call paid twice, check-balance.ts), the receipt and whereabouts of our settlement transaction, and, when the
// authorization was used by some other transaction, which one (its AuthorizationUsed event).
import { createPublicClient, defineChain, http, parseAbi, type Address, type Hex, type PublicClient } from "viem";
import type { PaymentConfig } from "./payment-config";

const eip3009Abi = parseAbi([
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "function balanceOf(address owner) view returns (uint256)",
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
]);

export interface ChainReader {
  authorizationUsed(payer: Address, nonce: Hex): Promise<boolean>;
  /** The token's balance of `owner`, in base units. */
  balanceOf(owner: Address): Promise<bigint>;
  /** "success" | "reverted", or null while the transaction has no receipt. */
  receiptStatus(hash: Hex): Promise<"success" | "reverted" | null>;
  /** Whether the node knows the transaction at all (pending or mined). */
  transactionKnown(hash: Hex): Promise<boolean>;
  /** The transaction that used an authorization, searched back over `lookbackBlocks`. */
  findAuthorizationUse(payer: Address, nonce: Hex, lookbackBlocks: number): Promise<Hex | null>;
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
    async findAuthorizationUse(payer, nonce, lookbackBlocks) {
      const latest = await client.getBlockNumber();
      const fromBlock = latest > BigInt(lookbackBlocks) ? latest - BigInt(lookbackBlocks) : 0n;
      try {
        const events = await client.getContractEvents({ address: token, abi: eip3009Abi, eventName: "AuthorizationUsed", args: { authorizer: payer, nonce }, fromBlock, toBlock: latest });
        return events[0]?.transactionHash ?? null;
      } catch {
        return null; // nodes limit log ranges: the payment is settled all the same, only its hash is unknown
      }
    },
  };
  readers.set(key, reader);
  return reader;
}

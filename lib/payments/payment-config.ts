// Payment settings from the environment (lib/env.ts), in the units the x402 code works with.
import { findDefaultAsset, getDefaultAsset } from "@x402/evm";
import { EVM_NETWORK_CHAIN_ID_MAP } from "@x402/evm/v1";
import { getEnv, type Env } from "@/lib/env";

export interface PaymentConfig {
  /** CAIP-2, e.g. eip155:8453. */
  network: `${string}:${string}`;
  chainId: number;
  /** The same network's x402 v1 name (e.g. "base"), when v1 has one: v1 payments are accepted only then. */
  v1Network: string | null;
  asset: `0x${string}`;
  assetName: string;
  assetVersion: string;
  decimals: number;
  payTo: `0x${string}`;
  /** One query's price in the asset's base units (0.99 USD with 6 decimals = 990000). */
  pricePerQueryBaseUnits: bigint;
  pricePerQueryUsd: number;
  maxTimeoutSeconds: number;
  /** The network's block time: receipts are polled at a quarter of it. */
  blockTimeMs: number;
  /** How long a paid answer is kept for a caller who lost it. */
  answerRetentionMs: number;
  facilitator:
    | { kind: "local"; rpcUrl: string; privateKey: `0x${string}` }
    | { kind: "remote"; url: string; token: string | null };
  /** A node to read the chain from (reconciliation): the in-process facilitator's, or one given beside a remote facilitator. */
  rpcUrl: string | null;
}

/** Decimal string → base units, exactly (no floating point): "0.99" with 6 decimals → 990000n. */
export function toBaseUnits(decimal: string, decimals: number): bigint {
  const [whole, fraction = ""] = decimal.split(".");
  if (fraction.length > decimals) throw new Error(`${decimal} has more decimals than the asset (${decimals})`);
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
}

interface AssetSettings {
  asset: `0x${string}`;
  name: string;
  version: string;
  decimals: number;
}

/** What a token nobody described is taken to be (the local test token is): USDC's EIP-712 domain and decimals. */
const USDC_LIKE = { name: "USD Coin", version: "2", decimals: 6 };

/**
 * The token payments are made in. Unset: the network's default stablecoin in the official x402 package's table
 * (USDC on Base, Base Sepolia, Ethereum, ...; an EIP-3009 entry: its EIP-712 name differs between networks,
 * "USD Coin" on Base, "USDC" on Base Sepolia).
 * A token of that table keeps its name, version and decimals unless they are set; another token is taken
 * to be USDC-like unless they are. A wrong name or version makes every payment's signature fail, wrong
 * decimals a wrong price: start-up compares them with the chain where a node is configured
 * (check-chain-settings.ts).
 */
function resolveAsset(env: Env): AssetSettings {
  let known: { asset: string; name: string; version: string; decimals: number } | undefined;
  if (env.X402_ASSET) {
    known = findDefaultAsset(env.X402_ASSET, env.X402_NETWORK as `${string}:${string}`);
    if (known && "assetTransferMethod" in known) {
      throw new Error(`X402_ASSET ${env.X402_ASSET} is settled through permit2 (no EIP-3009): this service takes EIP-3009 tokens only (USDC and the like)`);
    }
  } else {
    try {
      known = getDefaultAsset(env.X402_NETWORK as `${string}:${string}`);
    } catch {
      known = undefined;
    }
    // Tokens without EIP-3009 (permit2) cannot be settled by this service's exact-scheme facilitator.
    if (!known || "assetTransferMethod" in known) {
      throw new Error(
        `X402_NETWORK ${env.X402_NETWORK} has no EIP-3009 stablecoin the x402 package knows of: set X402_ASSET (and X402_ASSET_NAME, X402_ASSET_VERSION, X402_ASSET_DECIMALS) to the token payments are made in`,
      );
    }
  }
  const base = known ?? USDC_LIKE;
  return {
    asset: (env.X402_ASSET ?? known!.asset) as `0x${string}`,
    name: env.X402_ASSET_NAME ?? base.name,
    version: env.X402_ASSET_VERSION ?? base.version,
    decimals: env.X402_ASSET_DECIMALS ?? base.decimals,
  };
}

let cached: PaymentConfig | null | undefined;

/**
 * null when this deployment takes no payments (no recipient and no facilitator configured). Throws when the
 * token cannot be known (start-up stops on it, as on lib/env.ts's errors).
 */
export function getPaymentConfig(): PaymentConfig | null {
  if (cached !== undefined) return cached;
  const env = getEnv();
  if (!env.X402_PAY_TO) return (cached = null);
  const asset = resolveAsset(env);
  const chainId = Number(env.X402_NETWORK.split(":")[1]);
  const v1Network = Object.entries(EVM_NETWORK_CHAIN_ID_MAP).find(([, id]) => id === chainId)?.[0] ?? null;
  cached = {
    network: env.X402_NETWORK as `${string}:${string}`,
    chainId,
    v1Network,
    asset: asset.asset,
    assetName: asset.name,
    assetVersion: asset.version,
    decimals: asset.decimals,
    payTo: env.X402_PAY_TO as `0x${string}`,
    pricePerQueryBaseUnits: toBaseUnits(env.X402_PRICE_USD, asset.decimals),
    pricePerQueryUsd: Number(env.X402_PRICE_USD),
    maxTimeoutSeconds: env.X402_MAX_TIMEOUT_SECONDS,
    blockTimeMs: env.X402_BLOCK_TIME_MS,
    answerRetentionMs: env.X402_ANSWER_RETENTION_HOURS * 3_600_000,
    facilitator: env.X402_FACILITATOR_URL
      ? { kind: "remote", url: env.X402_FACILITATOR_URL, token: env.X402_FACILITATOR_TOKEN ?? null }
      : { kind: "local", rpcUrl: env.X402_RPC_URL!, privateKey: env.X402_SETTLEMENT_PRIVATE_KEY as `0x${string}` },
    rpcUrl: env.X402_RPC_URL ?? null,
  };
  return cached;
}

/** Tests that change the environment call this (with resetEnvForTests) to read it again. */
export function resetPaymentConfigForTests(): void {
  cached = undefined;
}

// Payment settings from the environment (lib/env.ts), in the units the x402 code works with.
import { EVM_NETWORK_CHAIN_ID_MAP } from "@x402/evm/v1";
import { getEnv } from "@/lib/env";

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

let cached: PaymentConfig | null | undefined;

/** null when this deployment takes no payments (no recipient and no facilitator configured). */
export function getPaymentConfig(): PaymentConfig | null {
  if (cached !== undefined) return cached;
  const env = getEnv();
  if (!env.X402_PAY_TO) return (cached = null);
  const chainId = Number(env.X402_NETWORK.split(":")[1]);
  const v1Network = Object.entries(EVM_NETWORK_CHAIN_ID_MAP).find(([, id]) => id === chainId)?.[0] ?? null;
  cached = {
    network: env.X402_NETWORK as `${string}:${string}`,
    chainId,
    v1Network,
    asset: env.X402_ASSET as `0x${string}`,
    assetName: env.X402_ASSET_NAME,
    assetVersion: env.X402_ASSET_VERSION,
    decimals: env.X402_ASSET_DECIMALS,
    payTo: env.X402_PAY_TO as `0x${string}`,
    pricePerQueryBaseUnits: toBaseUnits(env.X402_PRICE_USD, env.X402_ASSET_DECIMALS),
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

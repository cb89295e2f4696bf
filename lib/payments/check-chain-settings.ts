// Compares the payment settings with the chain they name, through the configured node (X402_RPC_URL): the
// node's chain id, a contract at X402_ASSET, its decimals, and its EIP-712 domain separator against the one
// clients sign with (name, version, chain id, address). Each of these, wrong, is a deployment that takes no
// money (every signature refused, every settlement on another chain) or the wrong amount (decimals), and
// none of them shows until the first payment. Start-up stops on what this finds (lib/start-server.ts).
import { createPublicClient, domainSeparator, http, type Address, type Hex } from "viem";
import { isTransportError } from "./chain-context";
import type { PaymentConfig } from "./payment-config";

const tokenAbi = [
  { type: "function", name: "decimals", stateMutability: "view", inputs: [], outputs: [{ type: "uint8" }] },
  { type: "function", name: "DOMAIN_SEPARATOR", stateMutability: "view", inputs: [], outputs: [{ type: "bytes32" }] },
] as const;

export interface ChainSettingsCheck {
  /** What disagrees, each naming the setting to correct; empty when everything checked agrees. */
  problems: string[];
}

/** Throws when the node cannot be asked or is still syncing (not a disagreement: the caller only warns). */
export async function checkChainSettings(config: PaymentConfig, rpcUrl: string): Promise<ChainSettingsCheck> {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) });
  const problems: string[] = [];
  const chainId = await client.getChainId();
  if (chainId !== config.chainId) {
    problems.push(`X402_RPC_URL is a node of chain ${chainId}, X402_NETWORK says ${config.network}: settlements and reconciliation would use another chain than the one clients sign for`);
    return { problems };
  }
  const token = config.asset as Address;
  const code = await client.getCode({ address: token });
  if (!code || code === "0x") {
    // A node still catching up has not reached the token's deployment yet: not a disagreement (only warned of).
    // eth_syncing is standard JSON-RPC, outside viem's public-action schema.
    const request = client.request as unknown as (args: { method: string }) => Promise<unknown>;
    const syncing = await request({ method: "eth_syncing" });
    if (syncing !== false) throw new Error(`the node is still syncing: no contract at X402_ASSET ${token} yet`);
    problems.push(`no contract at X402_ASSET ${token} on ${config.network}: set the token payments are made in`);
    return { problems };
  }
  const decimals = await readOptional(() => client.readContract({ address: token, abi: tokenAbi, functionName: "decimals" }));
  if (decimals !== undefined && decimals !== config.decimals) {
    problems.push(`the token at X402_ASSET has ${decimals} decimals, the settings say ${config.decimals} (X402_ASSET_DECIMALS): every price would be off by a factor of 10^${Math.abs(decimals - config.decimals)}`);
  }
  const separator = await readOptional<Hex>(() => client.readContract({ address: token, abi: tokenAbi, functionName: "DOMAIN_SEPARATOR" }));
  const expected = domainSeparator({ domain: { name: config.assetName, version: config.assetVersion, chainId: config.chainId, verifyingContract: token } });
  if (separator !== undefined && separator.toLowerCase() !== expected.toLowerCase()) {
    problems.push(
      `the token's EIP-712 domain is not ("${config.assetName}", "${config.assetVersion}") on ${config.network} (X402_ASSET_NAME, X402_ASSET_VERSION): every payment's signature would be refused`,
    );
  }
  return { problems };
}

/** A token without the function (it reverts) is not checked on that point; a node that cannot be reached throws. */
async function readOptional<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (isTransportError(error)) throw error;
    return undefined;
  }
}

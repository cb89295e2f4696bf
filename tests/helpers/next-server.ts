// Global setup of the "http" project: a local chain with our EIP-3009 token (tests/helpers/local-chain.ts),
// then the app built once and served with `next start` (tests/helpers/start-next.ts), configured to take
// x402 payments on that chain with its in-process facilitator, and to serve live cases from the demo
// source (the District of Puerto Rico's source "down").
import { privateKeyToAccount } from "viem/accounts";
import type { TestProject } from "vitest/node";
import { startLocalChain, type LocalChain } from "./local-chain";
import { startNext, type RunningServer } from "./start-next";

export interface ChainInfo {
  rpcUrl: string;
  chainId: number;
  network: string;
  token: `0x${string}`;
  payTo: `0x${string}`;
  /** Keys with gas money and no tokens; tests mint what they spend. [0] is the facilitator's. */
  privateKeys: `0x${string}`[];
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    chain: ChainInfo;
  }
}

let chain: LocalChain | undefined;
let server: RunningServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  chain = await startLocalChain(40);
  const payTo = privateKeyToAccount(chain.privateKeys[1]!).address;
  server = await startNext({
    build: process.env.TEST_SKIP_BUILD !== "1",
    env: {
      CASE_SOURCE: "demo",
      DEMO_SOURCE_DOWN_COURTS: "prd",
      X402_NETWORK: chain.network,
      X402_ASSET: chain.token,
      X402_PAY_TO: payTo,
      X402_RPC_URL: chain.rpcUrl,
      X402_SETTLEMENT_PRIVATE_KEY: chain.privateKeys[0]!,
      SIGNING_KEYS_ENCRYPTION_KEY: "55".repeat(32),
    },
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("chain", {
    rpcUrl: chain.rpcUrl,
    chainId: chain.chain.id,
    network: chain.network,
    token: chain.token,
    payTo,
    privateKeys: chain.privateKeys,
  });
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await chain?.stop();
}

// In-process tests of paid endpoints: a local chain with the test token, a fresh database serving this
// process, and the environment of a deployment that takes x402 payments on that chain. The route handlers
// are called directly, so the test owns the clock (lib/clock.ts) and the database.
import { privateKeyToAccount } from "viem/accounts";
import { setClockOffsetForTests } from "@/lib/clock";
import { useDatabase } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { resetPaymentConfigForTests } from "@/lib/payments/payment-config";
import { startLocalChain, type LocalChain } from "./local-chain";
import type { ChainInfo } from "./next-server";
import { makePayer, type Payer } from "./payer";
import { DATABASE_TARGETS, type DatabaseTarget, type TestDatabase } from "./test-database";

export interface PaidEnvironment {
  chain: LocalChain;
  info: ChainInfo;
  opened: TestDatabase;
  payer(index: number, mint?: bigint): Promise<Payer>;
  close(): Promise<void>;
}

const VARIABLES = {
  CASE_SOURCE: "demo",
  SIGNING_KEYS_ENCRYPTION_KEY: "33".repeat(32),
  CALLBACK_ALLOW_PRIVATE_TARGETS: "1",
  // The origin route handlers are called at (tests/helpers/call-route.ts); required when taking payments.
  PUBLIC_BASE_URL: "http://localhost:3000",
};

export interface PaidEnvironmentOptions {
  /** The database (default: a fresh in-memory PGlite). */
  target?: DatabaseTarget;
  /** Funded accounts on the chain (default 8). */
  accounts?: number;
  /** More environment for the app (e.g. X402_RPC_URL pointing elsewhere). */
  env?: Record<string, string>;
}

export async function startPaidEnvironment(options: PaidEnvironmentOptions = {}): Promise<PaidEnvironment> {
  const chain = await startLocalChain(options.accounts ?? 8);
  const opened = await (options.target ?? DATABASE_TARGETS[0]!).open();
  useDatabase(opened.db);
  const payTo = privateKeyToAccount(chain.privateKeys[1]!).address;
  const env = {
    ...VARIABLES,
    X402_NETWORK: chain.network,
    X402_ASSET: chain.token,
    X402_PAY_TO: payTo,
    X402_RPC_URL: chain.rpcUrl,
    X402_SETTLEMENT_PRIVATE_KEY: chain.privateKeys[0]!,
    ...options.env,
  };
  Object.assign(process.env, env);
  resetEnvForTests();
  resetPaymentConfigForTests();
  const info: ChainInfo = { rpcUrl: chain.rpcUrl, chainId: chain.chain.id, network: chain.network, token: chain.token, payTo, privateKeys: chain.privateKeys };
  return {
    chain,
    info,
    opened,
    async payer(index, mint = 100_000_000n) {
      const payer = makePayer(info, index);
      if (mint > 0n) await payer.mint(mint);
      return payer;
    },
    async close() {
      setClockOffsetForTests(0);
      for (const key of Object.keys(env)) delete process.env[key];
      resetEnvForTests();
      resetPaymentConfigForTests();
      await opened.dispose();
      await chain.stop();
    },
  };
}

/**
 * Runs `work` while the chain mines nothing and settlements wait only 15 blocks of 200 ms (at least 10 s) for
 * their receipt: a settlement that is sent but not confirmed in time. Afterwards blocks come again and one is
 * mined at once (the waiting transaction confirms).
 */
export async function withSettlementUnconfirmed<T>(environment: PaidEnvironment, work: () => Promise<T>): Promise<T> {
  await environment.chain.request("evm_setAutomine", [false]);
  process.env.X402_BLOCK_TIME_MS = "200";
  resetEnvForTests();
  resetPaymentConfigForTests();
  try {
    return await work();
  } finally {
    delete process.env.X402_BLOCK_TIME_MS;
    resetEnvForTests();
    resetPaymentConfigForTests();
    await environment.chain.request("evm_setAutomine", [true]);
    await environment.chain.request("evm_mine", []);
  }
}

// Global setup of the "http" project: a local chain with our EIP-3009 token (tests/helpers/local-chain.ts),
// then the app built once and served with `next start` (tests/helpers/start-next.ts), configured to take
// x402 payments on that chain with its in-process facilitator, and to serve live cases from the demo
// source (the District of Puerto Rico's source "down"). When a PostgreSQL answers at DATABASE_URL (CI
// starts one), a second `next start` of the same build serves from a fresh database there, so the live-data
// and payment tests also run against the app as deployed (on PostgreSQL, with real concurrency).
import { privateKeyToAccount } from "viem/accounts";
import type { TestProject } from "vitest/node";
import { paymentSettingsFor, startLocalChain, type LocalChain } from "./local-chain";
import { createPostgresDatabase, postgresAnswers, type PostgresDatabase } from "./postgres-database";
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

export interface ServedApp {
  database: "pglite" | "postgres";
  baseUrl: string;
  /** Added to the payer indexes a test uses, so the apps' tests never share a wallet. */
  payerOffset: number;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The app on its embedded database (every HTTP test). */
    baseUrl: string;
    /** That app, and the same build on PostgreSQL when one answers (the live-data and payment tests). */
    servedApps: ServedApp[];
    chain: ChainInfo;
  }
}

let chain: LocalChain | undefined;
let server: RunningServer | undefined;
let postgresServer: RunningServer | undefined;
let postgresDatabase: PostgresDatabase | undefined;

export async function setup(project: TestProject): Promise<void> {
  chain = await startLocalChain(40);
  const payTo = privateKeyToAccount(chain.privateKeys[1]!).address;
  const appEnv = (facilitatorKey: `0x${string}`) => ({
    CASE_SOURCE: "demo",
    DEMO_SOURCE_DOWN_COURTS: "prd",
    ...paymentSettingsFor(chain!, payTo, facilitatorKey),
    SIGNING_KEYS_ENCRYPTION_KEY: "55".repeat(32),
    // As behind one proxy: a test's X-Forwarded-For is the client address (tests/http/outside-edges.test.ts
    // runs a second server with the default, the TCP peer).
    TRUSTED_PROXY: "1",
  });
  server = await startNext({ build: process.env.TEST_SKIP_BUILD !== "1", env: appEnv(chain.privateKeys[0]!) });
  const servedApps: ServedApp[] = [{ database: "pglite", baseUrl: server.baseUrl, payerOffset: 0 }];
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl && (await postgresAnswers(adminUrl))) {
    postgresDatabase = await createPostgresDatabase(adminUrl, "court_docket_http");
    // Its own facilitator account: the two apps never race for one account's nonce.
    postgresServer = await startNext({ build: false, env: { ...appEnv(chain.privateKeys[39]!), DATABASE_URL: postgresDatabase.url } });
    servedApps.push({ database: "postgres", baseUrl: postgresServer.baseUrl, payerOffset: 20 });
  }
  project.provide("servedApps", servedApps);
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
  await postgresServer?.stop();
  await postgresDatabase?.drop();
  await chain?.stop();
}

// A real local EVM chain for the payment tests: Hardhat 3's EDR, started in this process, served over
// HTTP JSON-RPC on a free port (so `next start` in another process can settle on it), with our own
// EIP-3009 token (tests/helpers/contracts/TestUSDC.sol, compiled here with solc-js) and a Multicall3 at
// its canonical address. Nothing is downloaded: EDR's native binding and solc-js come from npm.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { threadId } from "node:worker_threads";
import {
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  getAddress,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { freePort } from "./start-next";

export const MULTICALL3_ADDRESS: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";
// Base Sepolia's chain id: x402 v1 has a name for it ("base-sepolia"), so v1 payments can be tested too.
export const CHAIN_ID = 84532;

interface Compiled {
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
}

let compiled: Record<string, Compiled> | undefined;

/**
 * Compiles the test contracts with solc-js, once per set of sources: the compiler's output is kept in the
 * system's temporary folder under a hash of solc's version and its whole input. Loading and running solc-js
 * takes about 3 s of CPU, and every payments file (each its own worker process, one after another) and the
 * http project's server start a chain; the cache gives them the bytes the same compiler made of the same
 * sources. Any change to a contract, the settings or solc's version is another key, so it compiles again.
 */
async function compileContracts(): Promise<Record<string, Compiled>> {
  if (compiled) return compiled;
  const dir = path.join(import.meta.dirname, "contracts");
  const sources = Object.fromEntries(
    ["TestUSDC.sol", "Multicall3.sol"].map((file) => [file, { content: readFileSync(path.join(dir, file), "utf8") }]),
  );
  const input = JSON.stringify({
    language: "Solidity",
    sources,
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } } },
  });
  const solcVersion = (JSON.parse(readFileSync(createRequire(import.meta.url).resolve("solc/package.json"), "utf8")) as { version: string }).version;
  const key = createHash("sha256").update(solcVersion).update("\0").update(input).digest("hex").slice(0, 32);
  const cacheFile = path.join(tmpdir(), `court-docket-test-contracts-${key}.json`);
  try {
    const cached = JSON.parse(readFileSync(cacheFile, "utf8")) as Record<string, Compiled>;
    if (cached.TestUSDC?.bytecode && cached.Multicall3?.deployedBytecode) return (compiled = cached);
  } catch {
    // Not compiled yet on this machine (or a partial file): compile.
  }
  const solc = (await import("solc")).default as { compile(input: string): string };
  const output = JSON.parse(solc.compile(input)) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  const result: Record<string, Compiled> = {};
  for (const file of Object.values(output.contracts)) {
    for (const [name, contract] of Object.entries(file)) {
      result[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}`, deployedBytecode: `0x${contract.evm.deployedBytecode.object}` };
    }
  }
  // Written whole under another name, then renamed: a process reading meanwhile sees no file or a complete one.
  const partial = `${cacheFile}.${process.pid}-${threadId}-${randomBytes(4).toString("hex")}.partial`;
  try {
    writeFileSync(partial, JSON.stringify(result));
    renameSync(partial, cacheFile);
  } catch {
    // Not saved (a full disk, say): this process uses what it compiled; a later one tries again.
    rmSync(partial, { force: true });
  }
  return (compiled = result);
}

export interface LocalChain {
  rpcUrl: string;
  chain: ReturnType<typeof defineChain>;
  /** CAIP-2 network id, e.g. eip155:31337. */
  network: string;
  token: Address;
  tokenAbi: Abi;
  /** Funded accounts (ETH for gas): [0] deploys and settles, the rest are free for tests. */
  privateKeys: Hex[];
  balanceOf(address: Address): Promise<bigint>;
  mint(to: Address, amount: bigint): Promise<void>;
  /** Raw JSON-RPC, e.g. evm_increaseTime. */
  request(method: string, params?: unknown[]): Promise<unknown>;
  /**
   * Runs `hook` each time a transaction sent over HTTP has entered the node's pool, before its sender gets the
   * answer (undefined removes it). A test uses it to act at an exact point of a settlement, e.g. to kill the
   * app between a broadcast and its receipt.
   */
  onBroadcast(hook: (() => Promise<void>) | undefined): void;
  stop(): Promise<void>;
}

export interface LocalChainOptions {
  /**
   * Mine a block every this many milliseconds, as a real network does (Base: 2000), instead of one block per
   * transaction. Set after the token is deployed.
   */
  intervalMiningMs?: number;
}

export async function startLocalChain(accountCount = 12, options: LocalChainOptions = {}): Promise<LocalChain> {
  const contracts = await compileContracts();
  const { createHardhatRuntimeEnvironment } = await import("hardhat/hre");
  // Hardhat wants a project root with a package.json; a throwaway folder keeps it out of the repository.
  const root = mkdtempSync(path.join(tmpdir(), "court-docket-chain-"));
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "local-chain", private: true, type: "module" }));
  const privateKeys = Array.from({ length: accountCount }, () => generatePrivateKey());
  const hre = await createHardhatRuntimeEnvironment(
    {
      networks: {
        local: {
          type: "edr-simulated",
          chainId: CHAIN_ID,
          accounts: privateKeys.map((privateKey) => ({ privateKey, balance: "10000000000000000000000" })),
        },
      },
    },
    {},
    root,
  );
  const connection = await hre.network.connect({ network: "local" });
  const provider = connection.provider;

  // JSON-RPC over HTTP for other processes (and for viem clients here, like any node).
  const port = await freePort();
  let broadcastHook: (() => Promise<void>) | undefined;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const answer = async (message: { id?: unknown; method: string; params?: unknown[] }) => {
        try {
          const result = await provider.request({ method: message.method, params: message.params ?? [] });
          if (message.method === "eth_sendRawTransaction" && broadcastHook) await broadcastHook();
          return { jsonrpc: "2.0", id: message.id ?? null, result };
        } catch (error) {
          const failure = error as { code?: number; message?: string; data?: unknown };
          return { jsonrpc: "2.0", id: message.id ?? null, error: { code: failure.code ?? -32603, message: failure.message ?? String(error), data: failure.data } };
        }
      };
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        const result = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body);
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(result));
      } catch {
        response.writeHead(400, { "content-type": "application/json" });
        response.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const rpcUrl = `http://127.0.0.1:${port}`;

  const chain = defineChain({
    id: CHAIN_ID,
    name: "Local test chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  });
  const transport = custom({ request: ({ method, params }) => provider.request({ method, params }) });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 100 });
  const deployer = createWalletClient({ chain, transport, account: privateKeyToAccount(privateKeys[0]!) });

  await provider.request({ method: "hardhat_setCode", params: [MULTICALL3_ADDRESS, contracts.Multicall3!.deployedBytecode] });
  const usdc = contracts.TestUSDC!;
  const hash = await deployer.deployContract({ abi: usdc.abi, bytecode: usdc.bytecode });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  const token = getAddress(receipt.contractAddress!);
  if (options.intervalMiningMs) {
    await provider.request({ method: "evm_setAutomine", params: [false] });
    await provider.request({ method: "evm_setIntervalMining", params: [options.intervalMiningMs] });
  }

  return {
    rpcUrl,
    chain,
    network: `eip155:${CHAIN_ID}`,
    token,
    tokenAbi: usdc.abi,
    privateKeys,
    async balanceOf(address) {
      return (await publicClient.readContract({ address: token, abi: usdc.abi, functionName: "balanceOf", args: [address] })) as bigint;
    },
    async mint(to, amount) {
      const minted = await deployer.writeContract({ address: token, abi: usdc.abi, functionName: "mint", args: [to, amount] });
      await publicClient.waitForTransactionReceipt({ hash: minted });
    },
    request: (method, params = []) => provider.request({ method, params }),
    onBroadcast(hook) {
      broadcastHook = hook;
    },
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await connection.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The configuration of an app that takes x402 payments on this chain, settled with `facilitatorKey`'s account. */
export function paymentSettingsFor(chain: Pick<LocalChain, "network" | "token" | "rpcUrl">, payTo: Address, facilitatorKey: Hex): Record<string, string> {
  return {
    X402_NETWORK: chain.network,
    X402_ASSET: chain.token,
    X402_PAY_TO: payTo,
    X402_RPC_URL: chain.rpcUrl,
    X402_SETTLEMENT_PRIVATE_KEY: facilitatorKey,
  };
}

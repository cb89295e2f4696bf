// The payment settings compared with the chain they name (lib/payments/check-chain-settings.ts), on the
// local chain of the HTTP project (our EIP-3009 token: "USD Coin", "2", 6 decimals), and `next start`
// stopping on a disagreement as on any configuration error.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { checkChainSettings } from "@/lib/payments/check-chain-settings";
import type { PaymentConfig } from "@/lib/payments/payment-config";
import { freePort, ROOT } from "../helpers/start-next";

const chain = () => inject("chain");

function configFor(overrides: Partial<PaymentConfig> = {}): PaymentConfig {
  const info = chain();
  return {
    network: info.network as `${string}:${string}`,
    chainId: info.chainId,
    v1Network: null,
    asset: info.token,
    assetName: "USD Coin",
    assetVersion: "2",
    decimals: 6,
    payTo: info.payTo,
    pricePerQueryBaseUnits: 990_000n,
    pricePerQueryUsd: 0.99,
    maxTimeoutSeconds: 300,
    blockTimeMs: 2_000,
    answerRetentionMs: 86_400_000,
    facilitator: { kind: "local", rpcUrl: info.rpcUrl, privateKey: info.privateKeys[0]! },
    rpcUrl: info.rpcUrl,
    ...overrides,
  };
}

describe("payment settings against the chain", () => {
  it("agree when they describe the chain's token", async () => {
    expect(await checkChainSettings(configFor(), chain().rpcUrl)).toEqual({ problems: [] });
  });

  it.each([
    ["another network", { network: "eip155:8453", chainId: 8453 }, /node of chain 84532, X402_NETWORK says eip155:8453/],
    ["no token at the address", { asset: "0x2222222222222222222222222222222222222222" }, /no contract at X402_ASSET/],
    ["wrong decimals", { decimals: 18 }, /has 6 decimals, the settings say 18 .*10\^12/],
    ["wrong EIP-712 name", { assetName: "USDC" }, /EIP-712 domain is not \("USDC", "2"\).*X402_ASSET_NAME/],
    ["wrong EIP-712 version", { assetVersion: "1" }, /EIP-712 domain is not \("USD Coin", "1"\)/],
  ] as const)("disagree on %s, naming the setting", async (_name, overrides, message) => {
    const { problems } = await checkChainSettings(configFor(overrides as Partial<PaymentConfig>), chain().rpcUrl);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it("throws when the node does not answer (start-up only warns then)", async () => {
    const port = await freePort();
    await expect(checkChainSettings(configFor(), `http://127.0.0.1:${port}`)).rejects.toThrow();
  });

  it("`next start` stops (exit 1) when the token's EIP-712 name is not the one configured", async () => {
    const info = chain();
    const dataDir = mkdtempSync(path.join(tmpdir(), "court-docket-chain-check-"));
    const port = await freePort();
    const server = spawn(path.join(ROOT, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        DATABASE_URL: "",
        PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        CASE_SOURCE: "demo",
        SIGNING_KEYS_ENCRYPTION_KEY: "55".repeat(32),
        X402_NETWORK: info.network,
        X402_ASSET: info.token,
        X402_ASSET_NAME: "USDC",
        X402_PAY_TO: info.payTo,
        X402_RPC_URL: info.rpcUrl,
        X402_SETTLEMENT_PRIVATE_KEY: info.privateKeys[0]!,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    try {
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), 60_000);
        server.once("exit", (exitCode) => {
          clearTimeout(timer);
          resolve(exitCode);
        });
      });
      expect(code, output).toBe(1);
      expect(output).toMatch(/payment settings disagree with the chain: the server stops/);
      expect(output).toMatch(/X402_ASSET_NAME/);
    } finally {
      if (server.exitCode === null) server.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

// Payment configuration: exact base units, and half a configuration refused at start-up.
import { afterEach, describe, expect, it } from "vitest";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { getPaymentConfig, resetPaymentConfigForTests, toBaseUnits } from "@/lib/payments/payment-config";

const keys = [
  "X402_PAY_TO",
  "X402_RPC_URL",
  "X402_SETTLEMENT_PRIVATE_KEY",
  "X402_FACILITATOR_URL",
  "X402_NETWORK",
  "X402_PRICE_USD",
  "X402_ASSET",
  "X402_ASSET_NAME",
  "X402_ASSET_VERSION",
  "X402_ASSET_DECIMALS",
  "SIGNING_KEYS_ENCRYPTION_KEY",
  "PUBLIC_BASE_URL",
];
const sealing = { SIGNING_KEYS_ENCRYPTION_KEY: "44".repeat(32), PUBLIC_BASE_URL: "https://api.example.org" };
const payTo = "0x1111111111111111111111111111111111111111";
const key = `0x${"ab".repeat(32)}`;

function withEnv(values: Record<string, string>) {
  for (const name of keys) delete process.env[name];
  Object.assign(process.env, values);
  resetEnvForTests();
  resetPaymentConfigForTests();
}

afterEach(() => withEnv({}));

describe("payment configuration", () => {
  it("converts prices to base units exactly", () => {
    expect(toBaseUnits("0.99", 6)).toBe(990_000n);
    expect(toBaseUnits("1", 6)).toBe(1_000_000n);
    expect(toBaseUnits("0.000001", 6)).toBe(1n);
    expect(toBaseUnits("0.99", 18)).toBe(990_000_000_000_000_000n);
    expect(() => toBaseUnits("0.0000001", 6)).toThrow(/more decimals/);
  });

  it("takes no payments when nothing is configured, and never reaches a public facilitator", () => {
    withEnv({});
    expect(getPaymentConfig()).toBeNull();
  });

  it("reads an in-process facilitator configuration, with the network's x402 v1 name where it has one", () => {
    withEnv({ ...sealing, X402_PAY_TO: payTo, X402_RPC_URL: "http://127.0.0.1:8545", X402_SETTLEMENT_PRIVATE_KEY: key, X402_NETWORK: "eip155:84532" });
    expect(getPaymentConfig()).toMatchObject({
      network: "eip155:84532",
      chainId: 84532,
      v1Network: "base-sepolia",
      pricePerQueryBaseUnits: 990_000n,
      facilitator: { kind: "local", rpcUrl: "http://127.0.0.1:8545" },
    });
    withEnv({ ...sealing, X402_PAY_TO: payTo, X402_RPC_URL: "http://127.0.0.1:8545", X402_SETTLEMENT_PRIVATE_KEY: key, X402_NETWORK: "eip155:31337", X402_ASSET: payTo });
    expect(getPaymentConfig()?.v1Network).toBeNull();
  });

  it("takes the network's USDC from the x402 package when X402_ASSET is unset, with its own EIP-712 name", () => {
    const paying = { ...sealing, X402_PAY_TO: payTo, X402_FACILITATOR_URL: "https://facilitator.example" };
    withEnv(paying);
    expect(getPaymentConfig()).toMatchObject({ network: "eip155:8453", asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", assetName: "USD Coin", assetVersion: "2", decimals: 6 });
    // Base Sepolia: before, Base's address and "USD Coin" (a token that is not there, a name that does not
    // match Sepolia's "USDC": every signature refused).
    withEnv({ ...paying, X402_NETWORK: "eip155:84532" });
    expect(getPaymentConfig()).toMatchObject({ asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e", assetName: "USDC", assetVersion: "2", decimals: 6 });
    // The same token named explicitly keeps its own domain; set values win.
    withEnv({ ...paying, X402_NETWORK: "eip155:84532", X402_ASSET: "0x036cbd53842c5426634e7929541ec2318f3dcf7e" });
    expect(getPaymentConfig()).toMatchObject({ assetName: "USDC" });
    withEnv({ ...paying, X402_NETWORK: "eip155:84532", X402_ASSET_NAME: "Other", X402_ASSET_DECIMALS: "18" });
    expect(getPaymentConfig()).toMatchObject({ assetName: "Other", decimals: 18, pricePerQueryBaseUnits: 990_000_000_000_000_000n });
    // Another token is taken to be USDC-like unless described.
    withEnv({ ...paying, X402_NETWORK: "eip155:84532", X402_ASSET: "0x2222222222222222222222222222222222222222" });
    expect(getPaymentConfig()).toMatchObject({ asset: "0x2222222222222222222222222222222222222222", assetName: "USD Coin", assetVersion: "2", decimals: 6 });
    // A network the package has no EIP-3009 USDC for: the token must be named.
    withEnv({ ...paying, X402_NETWORK: "eip155:31337" });
    expect(() => getPaymentConfig()).toThrow(/eip155:31337 has no EIP-3009 stablecoin the x402 package knows of: set X402_ASSET/);
    // A listed token settled through permit2 (MegaETH's MegaUSD) cannot be taken: refused, named or not.
    withEnv({ ...paying, X402_NETWORK: "eip155:4326" });
    expect(() => getPaymentConfig()).toThrow(/no EIP-3009 stablecoin/);
    withEnv({ ...paying, X402_NETWORK: "eip155:4326", X402_ASSET: "0xFAfDdbb3FC7688494971a79cc65DCa3EF82079E7" });
    expect(() => getPaymentConfig()).toThrow(/permit2 \(no EIP-3009\): this service takes EIP-3009 tokens only/);
  });

  it.each([
    [{ X402_PAY_TO: payTo }, /X402_PAY_TO: payments need both/],
    [{ X402_RPC_URL: "http://127.0.0.1:8545", X402_SETTLEMENT_PRIVATE_KEY: key }, /payments need both/],
    [{ X402_PAY_TO: payTo, X402_RPC_URL: "http://127.0.0.1:8545" }, /needs both X402_RPC_URL and X402_SETTLEMENT_PRIVATE_KEY/],
    [{ X402_PAY_TO: payTo, X402_FACILITATOR_URL: "https://facilitator.example", X402_RPC_URL: "http://127.0.0.1:8545", X402_SETTLEMENT_PRIVATE_KEY: key }, /choose one facilitator/],
    [{ X402_NETWORK: "base" }, /CAIP-2/],
    [{ X402_PAY_TO: `0x${"0".repeat(40)}` }, /zero address/],
    [{ X402_FACILITATOR_URL: "ftp://facilitator.example" }, /X402_FACILITATOR_URL/],
    [{ X402_PRICE_USD: "0,99" }, /decimal number/],
    [{ X402_PAY_TO: payTo, X402_FACILITATOR_URL: "https://facilitator.example" }, /set SIGNING_KEYS_ENCRYPTION_KEY/],
    // Links (and the x402 resource URL) never come from a caller's Host header: a paying deployment names its origin.
    [{ SIGNING_KEYS_ENCRYPTION_KEY: "44".repeat(32), X402_PAY_TO: payTo, X402_FACILITATOR_URL: "https://facilitator.example" }, /PUBLIC_BASE_URL: payments are configured/],
  ])("refuses an incomplete or wrong configuration at start-up (%j)", (values, message) => {
    withEnv(values as Record<string, string>);
    expect(() => getEnv()).toThrow(message);
  });
});

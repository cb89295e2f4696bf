// Payment configuration: exact base units, and half a configuration refused at start-up.
import { afterEach, describe, expect, it } from "vitest";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { getPaymentConfig, resetPaymentConfigForTests, toBaseUnits } from "@/lib/payments/payment-config";

const keys = ["X402_PAY_TO", "X402_RPC_URL", "X402_SETTLEMENT_PRIVATE_KEY", "X402_FACILITATOR_URL", "X402_NETWORK", "X402_PRICE_USD", "SIGNING_KEYS_ENCRYPTION_KEY", "PUBLIC_BASE_URL"];
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
    withEnv({ ...sealing, X402_PAY_TO: payTo, X402_RPC_URL: "http://127.0.0.1:8545", X402_SETTLEMENT_PRIVATE_KEY: key, X402_NETWORK: "eip155:31337" });
    expect(getPaymentConfig()?.v1Network).toBeNull();
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

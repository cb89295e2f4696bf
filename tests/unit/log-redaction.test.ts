// Credentials the configuration holds never reach a log line, though error messages quote them: viem names
// the node's URL (whose path carries the provider's API key) in every RPC failure.
import { afterEach, describe, expect, it, vi } from "vitest";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { logError, logEvent } from "@/lib/log";

const RPC_KEY = "k3yOfTheNodeProvider0123456789ab";
/** What a payment configuration needs besides its facilitator. */
const payments = {
  X402_PAY_TO: "0x1111111111111111111111111111111111111111",
  SIGNING_KEYS_ENCRYPTION_KEY: "ef56".repeat(16),
  PUBLIC_BASE_URL: "https://api.example.com",
};

const settings = {
  ...payments,
  X402_RPC_URL: `https://base-mainnet.g.example-node.com/v2/${RPC_KEY}`,
  X402_SETTLEMENT_PRIVATE_KEY: `0x${"ab12".repeat(16)}`,
  PACER_USERNAME: "docket-bot",
  PACER_PASSWORD: 'pa"ss\\word-123',
  DATABASE_URL: "postgresql://app:dbSecretPassw0rd@db.internal:5432/dockets",
};

function configure(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  resetEnvForTests();
  getEnv(); // a configuration the server would start with
}

describe("log lines", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    resetEnvForTests();
  });

  it("name the setting instead of a credential it holds, in every form an error quotes it", () => {
    configure(settings);
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    const viemMessage = `HTTP request failed.\n\nStatus: 429\nURL: ${settings.X402_RPC_URL}\nRequest body: {"method":"eth_call"}`;
    logEvent("error", "payment facilitator failed", { detail: viemMessage });
    logError("req_1", "unexpected error", new Error(`connect to ${settings.DATABASE_URL} failed; key ${settings.X402_SETTLEMENT_PRIVATE_KEY}`));
    logEvent("warn", "login", { reason: `password ${settings.PACER_PASSWORD} refused` });
    // viem drops a URL's user info but keeps its path, where the key is.
    logEvent("info", "node", { detail: `URL: https://base-mainnet.g.example-node.com/v2/${RPC_KEY}` });
    configure({ X402_RPC_URL: `https://user:pw123456@node.example.com/rpc/${RPC_KEY}` });
    logEvent("error", "node", { detail: `URL: https://node.example.com/rpc/${RPC_KEY}` });
    vi.unstubAllEnvs();
    configure({ ...payments, X402_FACILITATOR_URL: "https://facilitator.example.com/x402?apiKey=facilitatorSecret42" });
    logEvent("error", "payment facilitator failed", { detail: "fetch https://facilitator.example.com/x402?apiKey=facilitatorSecret42/verify: 502" });
    const text = lines.join("\n");
    for (const secret of [RPC_KEY, "facilitatorSecret42", "ab12ab12ab12", "dbSecretPassw0rd", "pa\\\"ss\\\\word-123", "pw123456"]) expect(text).not.toContain(secret);
    expect(text).toContain("[X402_RPC_URL]");
    expect(text).toContain("[DATABASE_URL]");
    expect(text).toContain("[PACER_PASSWORD]");
    // Each line is still one JSON object.
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });

  it("are left as they are when nothing secret is configured or quoted", () => {
    configure({ ...payments, X402_RPC_URL: "http://127.0.0.1:8545", X402_SETTLEMENT_PRIVATE_KEY: `0x${"cd34".repeat(16)}` });
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    logEvent("error", "court fetch failed", { url: "https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?123" });
    expect(JSON.parse(lines[0]!)).toEqual({ level: "error", message: "court fetch failed", url: "https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?123" });
  });
});

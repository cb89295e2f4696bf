// Issue 17's finding 4 over HTTP against `next start`: MCP clients as they are. An older official SDK
// (1.22, installed beside the current one under the npm alias mcp-sdk-1-22) negotiates its own protocol
// version; x402's MCP transport (payment in params._meta["x402/payment"], settlement in
// result._meta["x402/payment-response"], PaymentRequired fields in the error's data); described tool inputs;
// Origin validated. And issue 20 point 9: payment instructions an MCP caller can follow.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client as OldClient } from "mcp-sdk-1-22/client/index.js";
import { StreamableHTTPClientTransport as OldTransport } from "mcp-sdk-1-22/client/streamableHttp.js";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { describe, expect, inject, it } from "vitest";
import { caseResponseSchema, monitorResponseSchema } from "@/contract";
import { findCourt } from "@/lib/courts/registry";
import { generateDemoCase } from "@/lib/sources/demo/generate-case";
import { makePayer } from "../helpers/payer";

const mcpUrl = (query = "") => `${inject("baseUrl")}/v2/mcp${query}`;
const rpc = async (body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(mcpUrl(), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
};

const demoCase = (() => {
  for (let number = 1; ; number += 1) {
    const id = `1:26-cv-${String(number + 700).padStart(5, "0")}`;
    if (generateDemoCase(findCourt("nysd")!, id, new Date(), { downCourts: new Set() }).kind === "found") return id;
  }
})();

describe("MCP protocol versions", () => {
  it("connects the official SDK 1.22 (protocol 2025-06-18) and serves it", async () => {
    const transport = new OldTransport(new URL(mcpUrl("?test=1")));
    const client = new OldClient({ name: "old-sdk", version: "1.22.0" });
    await client.connect(transport);
    try {
      expect(transport.protocolVersion).toBe("2025-06-18");
      const { tools } = await client.listTools();
      expect(tools.length).toBe(7);
      const result = await client.callTool({ name: "service_case_query", arguments: { case_id: "1:23-cv-04567", court_code: "nysd" } });
      expect(caseResponseSchema.safeParse(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).success).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("connects the current SDK on 2025-11-25", async () => {
    const transport = new StreamableHTTPClientTransport(new URL(mcpUrl("?test=1")));
    const client = new Client({ name: "new-sdk", version: "1.32.2" });
    await client.connect(transport);
    expect(transport.protocolVersion).toBe("2025-11-25");
    await client.close();
  });

  it("answers initialize with the client's version when supported, else its latest; refuses an unsupported MCP-Protocol-Version header", async () => {
    for (const version of ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]) {
      const { body } = await rpc({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "t", version: "1" } } });
      expect(body.result.protocolVersion, version).toBe(version);
    }
    const { body } = await rpc({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "1999-01-01", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    expect(body.result.protocolVersion).toBe("2025-11-25");
    const refused = await rpc({ jsonrpc: "2.0", id: 2, method: "ping" }, { "mcp-protocol-version": "1999-01-01" });
    expect(refused.status).toBe(400);
    expect((await rpc({ jsonrpc: "2.0", id: 3, method: "ping" }, { "mcp-protocol-version": "2025-06-18" })).status).toBe(200);
  });
});

describe("MCP tool inputs and Origin", () => {
  it("describes every property of every tool's input", async () => {
    const { body } = await rpc({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    for (const tool of body.result.tools as Array<{ name: string; inputSchema: { properties?: Record<string, { description?: string; items?: { properties?: Record<string, { description?: string }> } }> } }>) {
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect(property.description, `${tool.name}.${name}`).toBeTruthy();
        for (const [inner, innerProperty] of Object.entries(property.items?.properties ?? {})) {
          expect(innerProperty.description, `${tool.name}.${name}[].${inner}`).toBeTruthy();
        }
      }
    }
  });

  it("refuses a browser page from another origin (403), serves its own origin and callers without Origin", async () => {
    const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
    expect((await rpc(ping, { origin: "https://attacker.example" })).status).toBe(403);
    expect((await rpc(ping, { origin: inject("baseUrl") })).status).toBe(200);
    expect((await rpc(ping)).status).toBe(200);
  });
});

describe("x402 over MCP", () => {
  it("takes the PaymentPayload in _meta['x402/payment'] and returns the SettleResponse in result._meta", async () => {
    const payer = makePayer(inject("chain"), 31);
    await payer.mint(5_000_000n);
    const args = { case_id: demoCase, court_code: "nysd", last_checked: "2026-01-01T00:00:00Z" };
    const unpaid = await rpc({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "service_case_monitor", arguments: args } });
    const data = unpaid.body.error.data as PaymentRequired & { code: string; message: string };
    // Still the JSON-RPC error of DECISIONS.md, with x402's PaymentRequired fields beside our error object.
    expect(unpaid.body.error.code).toBe(-32020);
    expect(data.code).toBe("payment_required");
    expect(data).toMatchObject({ x402Version: 2, resource: { url: expect.stringContaining("/v2/mcp") }, accepts: [expect.objectContaining({ amount: "990000" })] });
    // Instructions an MCP caller can follow: no HTTP header.
    expect(data.message).toContain("payment_tx");
    expect(data.message).toContain('_meta["x402/payment"]');
    expect(data.message).not.toContain("PAYMENT-SIGNATURE");

    const payload = await payer.client.createPaymentPayload({ x402Version: data.x402Version, resource: data.resource, accepts: data.accepts });
    const paid = await rpc({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "service_case_monitor", arguments: args, _meta: { "x402/payment": payload } } });
    expect(paid.body.error).toBeUndefined();
    expect(monitorResponseSchema.safeParse(paid.body.result.structuredContent).success).toBe(true);
    expect(paid.body.result._meta["x402/payment-response"]).toMatchObject({ success: true, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/), network: inject("chain").network, payer: payer.address });
  });

  it("names both payments of service_wallet_info with deliveries, and the argument of the second", async () => {
    const unpaid = await rpc({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "service_wallet_info", arguments: { include_deliveries: true } } });
    const message = unpaid.body.error.data.message as string;
    expect(message).toContain("payment_tx_keys");
    expect(message).toContain("payment_tx_deliveries");
    expect(message).toContain("1.98 USD");
    expect(message).not.toContain("PAYMENT-SIGNATURE");

    const payer = makePayer(inject("chain"), 32);
    await payer.mint(5_000_000n);
    const data = unpaid.body.error.data as PaymentRequired;
    const keysPayment = await payer.client.createPaymentPayload({ x402Version: data.x402Version, resource: data.resource, accepts: data.accepts });
    // The keys paid, the deliveries not: the second 402 names payment_tx_deliveries, and nothing is charged.
    const before = await payer.balance();
    const half = await rpc({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "service_wallet_info", arguments: { include_deliveries: true }, _meta: { "x402/payment": keysPayment } } });
    expect(half.body.error.data.code).toBe("payment_required");
    expect(half.body.error.data.message).toContain("payment_tx_deliveries");
    expect(half.body.error.data.message).not.toContain("PAYMENT-SIGNATURE");
    expect(await payer.balance()).toBe(before);
  });

  it("charges service_wallet_info with deliveries both payments or neither, and keeps no copy of the wallet's answer", async () => {
    const unpaid = await rpc({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "service_wallet_info", arguments: { include_deliveries: true } } });
    const data = unpaid.body.error.data as PaymentRequired;
    const payer = makePayer(inject("chain"), 33);
    await payer.mint(1_000_000n); // 1.00: enough for either payment alone, not for both
    const sign = () => payer.client.createPaymentPayload({ x402Version: data.x402Version, resource: data.resource, accepts: data.accepts });
    const args = { include_deliveries: true, payment_tx_keys: encodePaymentSignatureHeader(await sign()), payment_tx_deliveries: encodePaymentSignatureHeader(await sign()) };
    const call = (id: number) => rpc({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "service_wallet_info", arguments: args } });

    const short = await call(2);
    expect(short.body.error.data.code).toBe("payment_required");
    expect(short.body.error.data.message).toMatch(/2 payments of 0\.99 USD \(1\.98 USD in all\).*Nothing was charged/);
    expect(await payer.balance()).toBe(1_000_000n);

    // Funded for both: the same (unused) payments now pay for the answer, 1.98 in all.
    await payer.mint(1_000_000n);
    const answered = await call(3);
    expect(answered.body.error).toBeUndefined();
    expect(answered.body.result.structuredContent).toMatchObject({ keys: { wallet: payer.address.toLowerCase() }, deliveries: { deliveries: [] } });
    expect(await payer.balance()).toBe(20_000n);
    // Two charges, two receipts: the key state's where x402 puts it, the delivery history's beside it.
    const receipts = answered.body.result._meta;
    const receipt = { success: true, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/), network: inject("chain").network, payer: payer.address };
    expect(receipts).toMatchObject({ "x402/payment-response": receipt, "x402/payment-response-deliveries": receipt });
    expect(receipts["x402/payment-response"].transaction).not.toBe(receipts["x402/payment-response-deliveries"].transaction);

    // The wallet's own data is not served again to whoever presents the (now public) payments.
    const again = await call(4);
    expect(again.body.error.data.code).toBe("payment_required");
    expect(await payer.balance()).toBe(20_000n);
  });
});

// The MCP server at /v2/mcp driven by the official MCP client (Client + StreamableHTTPClientTransport)
// against `next start`, and a paid tool paid for real: payment_tx made by the official x402 client code
// on the local chain.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { afterEach, describe, expect, inject, it } from "vitest";
import {
  batchResponseSchema,
  caseResponseSchema,
  monitorResponseSchema,
  statusResponseSchema,
  walletDeliveriesResponseSchema,
  walletKeysResponseSchema,
} from "@/contract";
import { findCourt } from "@/lib/courts/registry";
import { generateDemoCase } from "@/lib/sources/demo/generate-case";
import { chainClients, makePayer } from "../helpers/payer";

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((client) => client.close()));
});

async function connect(query = ""): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(`${inject("baseUrl")}/v2/mcp${query}`));
  const client = new Client({ name: "court-docket-tests", version: "1.0.0" });
  await client.connect(transport);
  opened.push(client);
  return { client, transport };
}

const demoCase = (() => {
  for (let number = 1; ; number += 1) {
    const id = `1:26-cv-${String(number + 500).padStart(5, "0")}`;
    if (generateDemoCase(findCourt("nysd")!, id, new Date(), { downCourts: new Set() }).kind === "found") return id;
  }
})();

describe("MCP with the official client", () => {
  it("connects on protocol 2025-11-25 and lists the seven tools with object input schemas", async () => {
    const { client, transport } = await connect();
    expect(transport.protocolVersion).toBe("2025-11-25");
    expect(client.getServerVersion()).toMatchObject({ name: "court-docket-api" });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "service_case_batch",
      "service_case_monitor",
      "service_case_query",
      "service_court_list",
      "service_pricing",
      "service_status",
      "service_wallet_info",
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.description, tool.name).toBeTruthy();
    }
    const query = tools.find((tool) => tool.name === "service_case_query")!;
    expect(query.inputSchema.required).toEqual(expect.arrayContaining(["case_id", "court_code"]));
    expect(Object.keys(query.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(["last_checked", "context", "language", "filing_types", "payment_tx"]));
  });

  it("calls every free tool without payment", async () => {
    const { client } = await connect();
    const status = await client.callTool({ name: "service_status", arguments: {} });
    expect(statusResponseSchema.safeParse(status.structuredContent).success).toBe(true);
    expect(JSON.parse((status.content as Array<{ text: string }>)[0]!.text)).toEqual(status.structuredContent);
    const courts = await client.callTool({ name: "service_court_list", arguments: { include_planned: false } });
    const list = (courts.structuredContent as { courts: Array<{ coverage: string }> }).courts;
    expect(list.length).toBeGreaterThan(200);
    expect(list.every((court) => court.coverage !== "planned")).toBe(true);
    const pricing = await client.callTool({ name: "service_pricing", arguments: {} });
    expect(pricing.structuredContent).toMatchObject({
      query_cost_usd: 0.99,
      payment_protocol: "x402",
      payments_accepted: true,
      networks: [{ network: inject("chain").network, asset: inject("chain").token, pay_to: inject("chain").payTo, amount_per_query: "990000" }],
    });
  });

  it("answers every paid tool in sandbox mode (?test=1), free", async () => {
    const { client } = await connect("?test=1");
    const query = await client.callTool({ name: "service_case_query", arguments: { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-15T00:00:00Z" } });
    expect(caseResponseSchema.safeParse(query.structuredContent).success).toBe(true);
    expect((query.structuredContent as { meta: { sandbox: boolean; query_cost_usd: number } }).meta).toMatchObject({ sandbox: true, query_cost_usd: 0 });
    const monitor = await client.callTool({ name: "service_case_monitor", arguments: { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-15T00:00:00Z" } });
    expect(monitorResponseSchema.safeParse(monitor.structuredContent).success).toBe(true);
    const batch = await client.callTool({ name: "service_case_batch", arguments: { queries: [{ case_id: "23-15678", court_code: "ca9" }, { case_id: "T-1234-23", court_code: "fct", language: "fr" }] } });
    expect(batchResponseSchema.safeParse(batch.structuredContent).success).toBe(true);
    const wallet = await client.callTool({ name: "service_wallet_info", arguments: { include_deliveries: true, deliveries_limit: 3 } });
    const info = wallet.structuredContent as { keys: unknown; deliveries: unknown };
    expect(walletKeysResponseSchema.safeParse(info.keys).success).toBe(true);
    expect(walletDeliveriesResponseSchema.safeParse(info.deliveries).success).toBe(true);
  });

  it("answers tool errors as JSON-RPC errors with our error object in data", async () => {
    const { client } = await connect("?test=1");
    const failure = await client.callTool({ name: "service_case_query", arguments: { case_id: "1:24-cv-99999", court_code: "nysd" } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(McpError);
    expect((failure as McpError).data).toMatchObject({ code: "case_not_found", documentation_url: expect.stringContaining("/docs/errors#case_not_found") });
  });

  it("is paid with payment_tx made by the official x402 client, once: the same call again gets the paid answer, another call is refused", async () => {
    const payer = makePayer(inject("chain"), 30);
    await payer.mint(10_000_000n);
    const { client } = await connect();
    const args = { case_id: demoCase, court_code: "nysd", last_checked: "2026-01-01T00:00:00Z" };

    // Without payment_tx: the payment requirements, in the error's data.
    const unpaid = (await client.callTool({ name: "service_case_monitor", arguments: args }).catch((error: unknown) => error)) as McpError;
    expect(unpaid).toBeInstanceOf(McpError);
    const data = unpaid.data as { code: string; message: string; payment_requirements: PaymentRequired["accepts"] };
    expect(data.code).toBe("payment_required");
    // The instructions name where an MCP caller finds the terms and puts the payment, not HTTP headers.
    expect(data.message).toMatch(/error\.data\.payment_requirements.*payment_tx argument/);
    expect(data.message).not.toMatch(/PAYMENT-REQUIRED|PAYMENT-SIGNATURE/);
    expect(data.payment_requirements[0]).toMatchObject({ network: inject("chain").network, asset: inject("chain").token, payTo: inject("chain").payTo, amount: "990000" });

    const payload = await payer.client.createPaymentPayload({
      x402Version: 2,
      resource: { url: `${inject("baseUrl")}/v2/mcp#service_case_monitor`, description: "A monitor check", mimeType: "application/json" },
      accepts: data.payment_requirements,
    });
    const paymentTx = encodePaymentSignatureHeader(payload);
    const { balanceOf } = chainClients(inject("chain"));
    const before = await payer.balance();
    const serviceBefore = await balanceOf(inject("chain").payTo);

    const result = await client.callTool({ name: "service_case_monitor", arguments: { ...args, payment_tx: paymentTx } });
    expect(monitorResponseSchema.safeParse(result.structuredContent).success).toBe(true);
    expect((result.structuredContent as { meta: { query_cost_usd: number } }).meta.query_cost_usd).toBe(0.99);
    // x402's MCP transport: the SettleResponse object itself.
    expect(result._meta).toMatchObject({ "x402/payment-response": { success: true, transaction: expect.stringMatching(/^0x/), network: inject("chain").network } });

    // The same call with the same payment (an agent that lost the answer): the stored answer, not a second charge.
    const again = await client.callTool({ name: "service_case_monitor", arguments: { ...args, payment_tx: paymentTx } });
    expect(again.structuredContent).toEqual(result.structuredContent);
    expect(again._meta).toMatchObject({ "x402/payment-response": { success: true, transaction: (result._meta as Record<string, { transaction: string }>)["x402/payment-response"]!.transaction } });
    // The same payment for another call: refused.
    const replay = (await client.callTool({ name: "service_case_monitor", arguments: { ...args, last_checked: "2026-02-01T00:00:00Z", payment_tx: paymentTx } }).catch((error: unknown) => error)) as McpError;
    expect(replay).toBeInstanceOf(McpError);
    expect(replay.data).toMatchObject({ code: "payment_required", message: expect.stringMatching(/already been used/) });

    expect(before - (await payer.balance())).toBe(990_000n);
    expect((await balanceOf(inject("chain").payTo)) - serviceBefore).toBe(990_000n);
  });
});

describe("MCP over plain HTTP", () => {
  const url = () => `${inject("baseUrl")}/v2/mcp`;
  const post = (body: unknown) => fetch(url(), { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify(body) });

  it("answers GET (and other methods) with 405, and notifications with 204 and no body", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const response = await fetch(url(), { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
    const notification = await post({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(notification.status).toBe(204);
    expect(await notification.text()).toBe("");
  });

  it("answers protocol errors with the JSON-RPC codes", async () => {
    const malformed = await fetch(url(), { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(await malformed.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
    expect(await (await post({ jsonrpc: "2.0", id: 1, method: "resources/list" })).json()).toMatchObject({ id: 1, error: { code: -32601 } });
    expect(await (await post({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "nope" } })).json()).toMatchObject({ id: 2, error: { code: -32602 } });
    expect(await (await post({ id: 3, method: "ping" })).json()).toMatchObject({ error: { code: -32600 } });
  });
});

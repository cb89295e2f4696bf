// POST /v2/mcp in sandbox: the JSON-RPC basics and every tool answering from the fixtures.
import { describe, expect, it } from "vitest";
import { MCP_PROTOCOL_VERSION, caseResponseSchema, monitorResponseSchema, batchResponseSchema, statusResponseSchema, mcpToolErrorDataSchema } from "@/contract";
import { GET, POST } from "@/app/v2/mcp/route";
import { TOOL_ERROR_CODES } from "@/lib/mcp/rpc-errors";
import { GET as getDeliveries } from "@/app/v2/wallet/deliveries/route";
import { GET as getStatus } from "@/app/v2/status/route";
import { callRoute, sandbox } from "../helpers/call-route";
import { expectErrorEnvelope } from "../helpers/envelope";

let nextId = 1;
const rpc = (method: string, params?: Record<string, unknown>, headers: Record<string, string> = sandbox) =>
  callRoute(POST, "/v2/mcp", { body: { jsonrpc: "2.0", id: nextId++, method, ...(params ? { params } : {}) }, headers });
const call = (name: string, args: Record<string, unknown> = {}, headers: Record<string, string> = sandbox) =>
  rpc("tools/call", { name, arguments: args }, headers);

describe("POST /v2/mcp", () => {
  it("initializes with protocol 2025-11-25 and acknowledges notifications with 204", async () => {
    const init = await rpc("initialize", { protocolVersion: MCP_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "t", version: "1" } });
    expect(init.status).toBe(200);
    expect(init.body.result.protocolVersion).toBe("2025-11-25");
    expect(init.body.result.capabilities).toHaveProperty("tools");
    const note = await callRoute(POST, "/v2/mcp", { body: { jsonrpc: "2.0", method: "notifications/initialized" } });
    expect(note.status).toBe(204);
    expect(note.text).toBe("");
  });

  it("lists the seven tools with object input schemas", async () => {
    const list = await rpc("tools/list");
    const names = list.body.result.tools.map((tool: { name: string }) => tool.name).sort();
    expect(names).toEqual(
      ["service_case_batch", "service_case_monitor", "service_case_query", "service_court_list", "service_pricing", "service_status", "service_wallet_info"],
    );
    for (const tool of list.body.result.tools) expect(tool.inputSchema.type).toBe("object");
  });

  it("answers every paid tool from the fixtures in sandbox, free", async () => {
    const query = await call("service_case_query", { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-15T00:00:00Z" });
    expect(caseResponseSchema.safeParse(query.body.result.structuredContent).success).toBe(true);
    expect(query.body.result.structuredContent.meta).toMatchObject({ sandbox: true, query_cost_usd: 0 });
    expect(JSON.parse(query.body.result.content[0].text)).toEqual(query.body.result.structuredContent);

    const monitor = await call("service_case_monitor", { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-15T00:00:00Z" });
    expect(monitorResponseSchema.safeParse(monitor.body.result.structuredContent).success).toBe(true);
    expect(monitor.body.result.structuredContent.change_count).toBe(5);

    const batch = await call("service_case_batch", { queries: [{ case_id: "23-15678", court_code: "ca9" }, { case_id: "1:24-cv-99999", court_code: "nysd" }] });
    expect(batchResponseSchema.safeParse(batch.body.result.structuredContent).success).toBe(true);
    expect(batch.body.result.structuredContent.meta).toMatchObject({ successful: 1, failed: 1 });

    const wallet = await call("service_wallet_info", { include_deliveries: true, deliveries_limit: 5 });
    expect(wallet.body.result.structuredContent.keys.current_key_id).toBe("key_sandbox_current");
    expect(wallet.body.result.structuredContent.deliveries.deliveries).toHaveLength(5);
    // deliveries_cursor pages further back, as GET /v2/wallet/deliveries' cursor does.
    const first = (await call("service_wallet_info", { include_deliveries: true, deliveries_limit: 2 })).body.result.structuredContent.deliveries;
    expect(first.next_cursor).toEqual(expect.any(String));
    const next = await call("service_wallet_info", { include_deliveries: true, deliveries_limit: 2, deliveries_cursor: first.next_cursor });
    const overHttp = await callRoute(getDeliveries, `/v2/wallet/deliveries?test=1&limit=2&cursor=${first.next_cursor}`);
    expect(next.body.result.structuredContent.deliveries.deliveries).toEqual(overHttp.body.deliveries);
    expect(overHttp.body.deliveries[0].delivery_id).not.toBe(first.deliveries[0].delivery_id);
    // A cursor that is not one is refused before payment, also without the sandbox.
    const forged = await call("service_wallet_info", { include_deliveries: true, deliveries_cursor: "not-a-cursor" }, {});
    expect(forged.body.error.data).toMatchObject({ code: "invalid_parameter", parameter: "deliveries_cursor" });
  });

  it("answers the free tools without sandbox", async () => {
    const status = await call("service_status", {}, {});
    expect(statusResponseSchema.safeParse(status.body.result.structuredContent).success).toBe(true);
    const courts = await call("service_court_list", { include_planned: false }, {});
    expect(courts.body.result.structuredContent.courts.some((court: { coverage: string }) => court.coverage === "planned")).toBe(false);
    // Served from bytes made once (the registry's), they are what GET /v2/status says, text and structure alike,
    // call after call.
    const overHttp = await callRoute(getStatus, "/v2/status");
    for (const answer of [status, await call("service_status", {}, {})]) {
      expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const { meta, ...rest } = answer.body.result.structuredContent;
      const { meta: httpMeta, ...httpRest } = overHttp.body;
      expect(rest).toEqual(httpRest);
      expect(Object.keys(meta)).toEqual(Object.keys(httpMeta));
      expect(JSON.parse(answer.body.result.content[0].text)).toEqual(answer.body.result.structuredContent);
      expect(answer.body.result.isError).toBe(false);
    }
    for (const answer of [courts, await call("service_court_list", { include_planned: false }, {})]) {
      expect(JSON.parse(answer.body.result.content[0].text)).toEqual(answer.body.result.structuredContent);
    }
    const all = await call("service_court_list", {}, {});
    expect(all.body.result.structuredContent.courts.map((court: { court_code: string }) => court.court_code)).toEqual(
      overHttp.body.courts.map((court: { court_code: string }) => court.court_code),
    );
    const pricing = await call("service_pricing", {}, {});
    expect(pricing.body.result.structuredContent.query_cost_usd).toBe(0.99);
    for (const entry of pricing.body.result.structuredContent.paid) expect(entry.price_usd, entry.tool).toBe(0.99);
    expect(pricing.body.result.structuredContent.paid.find((entry: { tool: string }) => entry.tool === "service_case_batch").per).toBe("query of the batch");
  });

  it("lists in the sandbox the courts the sandbox's status lists, notes included", async () => {
    const status = (await call("service_status")).body.result.structuredContent;
    const overHttp = (await callRoute(getStatus, "/v2/status?test=1")).body;
    const all = (await call("service_court_list")).body.result.structuredContent;
    expect(all.courts).toEqual(status.courts);
    expect(all.courts).toEqual(overHttp.courts);
    // The sandbox's fixture outage of prd is in its notes, as /v2/status?test=1 says.
    const prd = (courts: Array<{ court_code: string; notes: string }>) => courts.find((court) => court.court_code === "prd")!.notes;
    expect(prd(all.courts)).toBe(prd(overHttp.courts));
    const covered = (await call("service_court_list", { include_planned: false })).body.result.structuredContent;
    expect(covered.courts).toEqual(status.courts.filter((court: { coverage: string }) => court.coverage !== "planned"));
  });

  it("reports tool errors as JSON-RPC errors in a 200 with our error object in data", async () => {
    const missing = await call("service_case_query", { case_id: "1:24-cv-99999", court_code: "nysd" });
    expect(missing.status).toBe(200);
    expect(missing.body.error.data).toMatchObject({ code: "case_not_found" });
    const unpaid = await call("service_case_query", { case_id: "1:23-cv-04567", court_code: "nysd" }, {});
    expect(unpaid.body.error.data).toMatchObject({ code: "payment_required" });
    const invalid = await call("service_case_monitor", { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-01" });
    expect(invalid.body.error.data).toMatchObject({ code: "invalid_last_checked" });
    // The contract's schema of error.data fits each of them (our error object is strict: request_id is beside it).
    for (const answer of [missing, unpaid, invalid]) expect(mcpToolErrorDataSchema.parse(answer.body.error.data).request_id).toMatch(/^req_/);
  });

  it.each([
    ["service_court_list", { include_planned: "false" }, "include_planned"],
    ["service_status", { verbose: true }, "verbose"],
    ["service_pricing", { currency: "EUR" }, "currency"],
    ["service_case_batch", { queries: [{ case_id: "23-15678", court_code: "ca9" }], paymnt_tx: "abc" }, "paymnt_tx"],
    ["service_wallet_info", { payment_tx_deliveries: "abc" }, "payment_tx_deliveries"],
    ["service_case_query", { case_id: "1:23-cv-04567", court_code: "nysd", callback_url: "https://agent.example.com" }, "callback_url"],
  ])("validates every argument of %s like its HTTP twin (%j)", async (name, args, parameter) => {
    const result = await call(name, args);
    expect(result.status).toBe(200);
    expect(result.body.error.data).toMatchObject({ code: "invalid_parameter", parameter });
  });

  it.each([
    [
      "refuses callback_url in a batch query as the unknown field it is (also in sandbox), with the query's index",
      "service_case_batch",
      { queries: [{ case_id: "23-15678", court_code: "ca9" }, { case_id: "1:23-cv-04567", court_code: "nysd", callback_url: "https://agent.example.com" }] },
      { parameter: "queries[1].callback_url", query_index: 1, message: expect.stringMatching(/^queries\[1\]: .*unknown field "callback_url"; allowed: /) },
    ],
    [
      "names a batch query's bad field by its index",
      "service_case_batch",
      { queries: [{ case_id: "23-15678", court_code: "ca9" }, { case_id: "1:23-cv-04567", court_code: "nysd", context: "huge" }] },
      { parameter: "queries[1].context", query_index: 1 },
    ],
    ["says the rule of deliveries_limit", "service_wallet_info", { include_deliveries: true, deliveries_limit: 500 }, { parameter: "deliveries_limit", message: "deliveries_limit must be a whole number from 1 to 200" }],
    ["pages deliveries only with include_deliveries", "service_wallet_info", { deliveries_cursor: "abc" }, { parameter: "deliveries_cursor", message: expect.stringContaining("send include_deliveries: true") }],
    ["says what an empty payment is", "service_case_query", { case_id: "1:23-cv-04567", court_code: "nysd", payment_tx: "" }, { parameter: "payment_tx", message: "payment_tx: a payment is the base64 PaymentPayload: this one is empty" }],
    [
      "refuses one payment given for both of service_wallet_info's",
      "service_wallet_info",
      { include_deliveries: true, payment_tx_keys: "eyJ4NDAyVmVyc2lvbiI6Mn0=", payment_tx_deliveries: "eyJ4NDAyVmVyc2lvbiI6Mn0=" },
      { parameter: "payment_tx_deliveries", message: expect.stringContaining("second, separate payment") },
    ],
  ] as const)("%s", async (_title, name, args, expected) => {
    for (const headers of [{}, sandbox]) {
      const result = await call(name, args as Record<string, unknown>, headers);
      expect(result.body.error.data).toMatchObject({ code: "invalid_parameter", ...expected });
    }
  });

  it.each([
    ["invalid_parameter", "service_case_query", { case_id: "1:23-cv-04567", court_code: "nysd", context: "huge" }, sandbox],
    ["invalid_last_checked", "service_case_query", { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-01" }, sandbox],
    ["invalid_case_id", "service_case_query", { case_id: "4567", court_code: "nysd" }, sandbox],
    ["court_not_found", "service_case_monitor", { case_id: "1:23-cv-04567", court_code: "zzz", last_checked: "2026-11-01T00:00:00Z" }, sandbox],
    ["court_not_covered", "service_case_query", { case_id: "2024-00123", court_code: "ohctclaims" }, sandbox],
    ["case_not_found", "service_case_query", { case_id: "1:24-cv-99999", court_code: "nysd" }, sandbox],
    ["source_unavailable", "service_case_query", { case_id: "3:24-cv-01001", court_code: "prd" }, sandbox],
    ["batch_too_large", "service_case_batch", { queries: Array.from({ length: 51 }, () => ({ case_id: "23-15678", court_code: "ca9" })) }, sandbox],
    ["batch_too_large", "service_case_batch", { queries: Array.from({ length: 51 }, () => ({ case_id: "23-15678", court_code: "ca9", callback_url: "https://agent.example.com" })) }, {}],
    ["payment_required", "service_case_query", { case_id: "1:23-cv-04567", court_code: "nysd" }, {}],
  ] as const)("answers %s as a JSON-RPC error in a 200 with our error object", async (code, name, args, headers) => {
    const result = await call(name, args as Record<string, unknown>, headers as Record<string, string>);
    expect(result.status).toBe(200);
    expect(result.body.error).toMatchObject({
      code: TOOL_ERROR_CODES[code],
      message: expect.any(String),
      data: { code, message: expect.any(String), documentation_url: expect.stringContaining(`/docs/errors#${code}`), request_id: expect.stringMatching(/^req_/) },
    });
  });

  it("quotes at most a bounded part of a huge argument in its error: the answer stays small, the error the same", async () => {
    const huge = "9".repeat(400_000);
    const base = { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-15T00:00:00Z" };
    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, string]> = [
      ["case_id", { ...base, case_id: huge }, { ...base, case_id: "9999" }, "invalid_case_id"],
      ["court_code", { ...base, court_code: huge }, { ...base, court_code: "zzzz" }, "court_not_found"],
      ["last_checked", { ...base, last_checked: huge }, { ...base, last_checked: "9999" }, "invalid_last_checked"],
      ["filing_types", { ...base, filing_types: huge }, { ...base, filing_types: "9999" }, "invalid_parameter"],
      ["an unknown argument's name", { ...base, [huge]: 1 }, { ...base, x: 1 }, "invalid_parameter"],
      ["filing_types (many items)", { ...base, filing_types: Array.from({ length: 50_000 }, (_, i) => `x${i}`).join(",") }, { ...base, filing_types: "x,y" }, "invalid_parameter"],
    ];
    for (const [label, hugeArgs, shortArgs, code] of cases) {
      const [large, small] = [await call("service_case_query", hugeArgs), await call("service_case_query", shortArgs)];
      expect(large.text.length, label).toBeLessThan(10_000);
      expect(large.body.error.data.code, label).toBe(code);
      expect(large.body.error.code, label).toBe(small.body.error.code);
      // The cut is marked: a long value says how long it was, a long list how many more it held.
      expect(large.body.error.message, label).toMatch(/…" \(\d+ characters\)| and \d+ more/);
    }
  });

  it("answers protocol errors with the JSON-RPC codes", async () => {
    const parse = await callRoute(POST, "/v2/mcp", { rawBody: "{not json" });
    expect(parse.body.error.code).toBe(-32700);
    const unknown = await rpc("resources/list");
    expect(unknown.body.error.code).toBe(-32601);
    const invalid = await callRoute(POST, "/v2/mcp", { body: { jsonrpc: "1.0", id: 1, method: "ping" } });
    expect(invalid.body.error.code).toBe(-32600);
    const huge = await callRoute(POST, "/v2/mcp", { body: { jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(600_000) } } });
    expect(huge.body.error).toMatchObject({ code: -32600, message: expect.stringContaining("larger than") });
  });

  it("answers GET with 405 in the envelope", async () => {
    const result = await callRoute(GET, "/v2/mcp");
    expectErrorEnvelope(result, { code: "method_not_allowed" });
    expect(result.headers.get("allow")).toBe("POST");
  });
});

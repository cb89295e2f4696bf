// MCP tool schemas and the HTTP contract cannot drift: each paid tool's input schema is its HTTP twin's
// zod schema (plus payment_tx), and this checks the published JSON Schemas say so.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { batchQuerySchema, caseQuerySchema, monitorQuerySchema } from "@/contract";
import { TOOLS, toolJsonSchema } from "@/lib/mcp/tools";

const ROOT = path.resolve(import.meta.dirname, "../..");
const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties: Record<string, unknown>; required?: string[] };
const tool = (name: string) => toolJsonSchema(TOOLS.find((candidate) => candidate.name === name)!) as { properties: Record<string, unknown>; required?: string[]; additionalProperties?: boolean };
const without = (properties: Record<string, unknown>, ...names: string[]) => Object.fromEntries(Object.entries(properties).filter(([name]) => !names.includes(name)));

describe("MCP tool schemas", () => {
  it("service_case_query takes exactly GET /v2/case's parameters (but callback_url) plus payment_tx", () => {
    const schema = tool("service_case_query");
    expect(without(schema.properties, "payment_tx")).toEqual(without(json(caseQuerySchema).properties, "callback_url"));
    expect(schema.required?.sort()).toEqual(json(caseQuerySchema).required?.sort());
    expect(schema.additionalProperties).toBe(false);
  });

  it("service_case_monitor takes exactly GET /v2/monitor's parameters plus payment_tx", () => {
    const schema = tool("service_case_monitor");
    expect(without(schema.properties, "payment_tx")).toEqual(without(json(monitorQuerySchema).properties, "callback_url"));
    expect(schema.required?.sort()).toEqual(["case_id", "court_code", "last_checked"]);
  });

  it("service_case_batch's queries are POST /v2/cases/batch's query objects", () => {
    const schema = tool("service_case_batch") as unknown as { properties: { queries: { items: { properties: Record<string, unknown> }; maxItems: number } } };
    expect(schema.properties.queries.items.properties).toEqual(without(json(batchQuerySchema).properties, "callback_url"));
    expect(schema.properties.queries.maxItems).toBe(50);
  });
});

describe("docs/mcp.md's payment snippet", () => {
  it("type-checks as written: the error's data parsed by mcpToolErrorDataSchema passes to x402's createPaymentPayload", () => {
    const docs = readFileSync(path.join(ROOT, "docs/mcp.md"), "utf8");
    const snippet = /```ts\n([\s\S]*?)```/.exec(docs.slice(docs.indexOf("Sign a payment for them")))![1]!;
    // What the snippet takes from around it: an x402 client, an MCP client, the call's arguments and the error.
    // It imports the contract as a client does: this project resolves its own package name (dist/contract).
    const preamble = [
      'import type { Client } from "@modelcontextprotocol/sdk/client/index.js";',
      'import type { x402Client } from "@x402/core/client";',
      "declare const x402: x402Client;",
      "declare const client: Client;",
      "declare const args: { case_id: string; court_code: string; last_checked: string };",
      "declare const error: { data: unknown };",
    ].join("\n");
    const file = path.join(ROOT, `.mcp-snippet-${process.pid}.ts`);
    const config = path.join(ROOT, `.mcp-snippet-${process.pid}.json`);
    writeFileSync(file, `${preamble}\n${snippet}\nexport {};\n`);
    writeFileSync(config, JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { incremental: false }, include: [path.basename(file)] }));
    try {
      const result = spawnSync(path.join(ROOT, "node_modules/.bin/tsc"), ["-p", config], { cwd: ROOT, encoding: "utf8" });
      expect(result.stdout + result.stderr).toBe("");
      expect(result.status).toBe(0);
    } finally {
      rmSync(file, { force: true });
      rmSync(config, { force: true });
    }
  }, 60_000);
});

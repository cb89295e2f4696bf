// MCP tool schemas and the HTTP contract cannot drift: each paid tool's input schema is its HTTP twin's
// zod schema (plus payment_tx), and this checks the published JSON Schemas say so.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { batchQuerySchema, caseQuerySchema, monitorQuerySchema } from "@/contract";
import { TOOLS, toolJsonSchema } from "@/lib/mcp/tools";

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

// GET /v2/openapi.json: a valid OpenAPI 3.1 document of every v2 endpoint, generated from the contract,
// whose examples (from the sandbox fixtures) satisfy the contract's own schemas.
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { contract } from "@/contract";
import { GET } from "@/app/v2/openapi.json/route";
import { callRoute } from "../helpers/call-route";

describe("GET /v2/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await callRoute(GET, "/v2/openapi.json");
    expect(result.status).toBe(200);
    expect(result.body.openapi).toBe("3.1.0");
    const validation = await new Validator().validate(result.body);
    expect(validation.errors ?? [], JSON.stringify(validation.errors)).toEqual([]);
    expect(validation.valid).toBe(true);
  });

  it("lists every v2 endpoint of the contract with its method, and their parameters", async () => {
    const { body } = await callRoute(GET, "/v2/openapi.json");
    for (const [id, route] of Object.entries(contract)) {
      const operation = body.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation.operationId).toBe(id);
    }
    const caseParameters = body.paths["/v2/case"].get.parameters.filter((parameter: { in: string }) => parameter.in === "query");
    expect(caseParameters.map((parameter: { name: string; required?: boolean }) => [parameter.name, parameter.required ?? false])).toEqual([
      ["case_id", true],
      ["court_code", true],
      ["last_checked", false],
      ["context", false],
      ["language", false],
      ["filing_types", false],
      ["delta_cursor", false],
      ["callback_url", false],
      // The sandbox switch, declared on every operation (added in 2.1).
      ["test", false],
    ]);
  });

  it("gives every 200 answer an example taken from the sandbox that satisfies the contract", async () => {
    const { body } = await callRoute(GET, "/v2/openapi.json");
    for (const [id, route] of Object.entries(contract)) {
      if (id === "mcp") continue; // JSON-RPC: no single example answer
      const example = body.paths[route.path][route.method.toLowerCase()].responses["200"].content["application/json"].example;
      const schema = (route.responses as Record<number, { safeParse(value: unknown): { success: boolean; error?: unknown } }>)[200]!;
      const checked = schema.safeParse(example);
      expect(checked.success, `${id}: ${JSON.stringify(checked.error)}`).toBe(true);
    }
  });

  it("gives every error status its own example, valid for that status, and documents the x402 and retry headers", async () => {
    const { body } = await callRoute(GET, "/v2/openapi.json");
    const codes = new Set<string>();
    for (const [id, route] of Object.entries(contract)) {
      const responses = body.paths[route.path][route.method.toLowerCase()].responses;
      for (const [status, schema] of Object.entries(route.responses as Record<string, { safeParse?(value: unknown): { success: boolean; error?: unknown } }>)) {
        if (status === "200" || !schema.safeParse) continue;
        const example = responses[status].content?.["application/json"]?.example;
        expect(example, `${id} ${status}`).toBeDefined();
        const checked = schema.safeParse(example);
        expect(checked.success, `${id} ${status}: ${JSON.stringify(checked.error)}`).toBe(true);
        // MCP's 403 (a browser Origin it does not serve) is a JSON-RPC error, as the MCP transport describes.
        if (id === "mcp" && status === "403") continue;
        codes.add(`${status} ${example.error.code}`);
      }
      if (id === "mcp") continue;
      if (responses["402"]) {
        expect(Object.keys(responses["402"].headers), id).toContain("PAYMENT-REQUIRED");
        expect(Object.keys(responses["200"].headers), id).toContain("PAYMENT-RESPONSE");
        expect(responses["402"].content["application/json"].example).toMatchObject({ error: { payment_requirements: [expect.objectContaining({ amount: "990000" })] } });
      }
      if (responses["429"]) expect(Object.keys(responses["429"].headers), id).toContain("Retry-After");
    }
    // One example per status, each with the code that status stands for.
    expect([...codes].sort()).toEqual([
      "400 invalid_last_checked",
      "402 payment_required",
      "404 case_not_found",
      "405 method_not_allowed",
      "413 batch_too_large",
      "422 court_not_covered",
      "429 rate_limited",
      "500 internal_error",
      "503 source_unavailable",
    ]);
    expect(Object.keys(body.paths["/v2/status"].get.responses["304"].headers)).toContain("ETag");
  });
});

// GET /v2/openapi.json: a valid OpenAPI 3.1 document of every v2 endpoint, generated from the contract,
// whose examples (from the sandbox fixtures) satisfy the contract's own schemas.
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { contract } from "@/contract";
import { GET } from "@/app/v2/openapi.json/route";
import { GET as getCase } from "@/app/v2/case/route";
import { POST as postBatch } from "@/app/v2/cases/batch/route";
import { GET as getStatus } from "@/app/v2/status/route";
import { GET as getKeys } from "@/app/v2/wallet/keys/route";
import { callRoute } from "../helpers/call-route";

describe("GET /v2/openapi.json", () => {
  it("names the codes each operation really answers: what the handlers refuse is among the statuses' documented codes", async () => {
    const { body } = await callRoute(GET, "/v2/openapi.json");
    const documented = (path: string, method: string, status: number) => body.paths[path][method].responses[String(status)]?.description ?? "";
    const refusals: [string, string, { status: number; text: string; body: { error: { code: string } } }][] = [
      ["/v2/status", "get", await callRoute(getStatus, "/v2/status?last_checked=2026-11-01T00:00:00Z")],
      ["/v2/cases/batch", "post", await callRoute(postBatch, "/v2/cases/batch?test=1", { body: { queries: [{ case_id: "1:24-cv-99999", court_code: "zzzz" }] } })],
      ["/v2/cases/batch", "post", await callRoute(postBatch, "/v2/cases/batch?test=1", { body: { queries: [{ case_id: "24-99999", court_code: "nysd" }] } })],
      ["/v2/case", "get", await callRoute(getCase, "/v2/case?test=1&case_id=1:24-cv-99999&court_code=nysd")],
      ["/v2/case", "get", await callRoute(getCase, "/v2/case?test=1&case_id=3:24-cv-01001&court_code=prd")],
      ["/v2/wallet/keys", "get", await callRoute(getKeys, "/v2/wallet/keys?test=1&limit=2")],
    ];
    for (const [path, method, answer] of refusals) {
      expect(answer.status, `${path} ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(documented(path, method, answer.status), `${path} ${answer.status}`).toContain(`\`${answer.body.error.code}\``);
    }
    // A batch's examples name the query as its refusals do; the delivery history's 400 is about its own parameters.
    const example = (path: string, method: string, status: number) => body.paths[path][method].responses[String(status)].content["application/json"].example.error;
    const batchRefusal = refusals[1]![2].body.error as { parameter?: string; query_index?: number };
    expect(example("/v2/cases/batch", "post", 404)).toMatchObject({ code: "court_not_found", parameter: batchRefusal.parameter, query_index: batchRefusal.query_index });
    expect(example("/v2/wallet/deliveries", "get", 400)).toMatchObject({ code: "invalid_parameter", parameter: "cursor" });
  });

  it("documents for GET /v2/case only codes it answers: each one listed is produced by a request (the payment and rate errors aside)", async () => {
    const { body } = await callRoute(GET, "/v2/openapi.json");
    const produced = new Map<string, number>();
    for (const query of [
      "case_id=24-99999&court_code=nysd",
      "case_id=1:23-cv-04567&court_code=nysd&last_checked=yesterday",
      "case_id=1:23-cv-04567&court_code=nysd&context=huge",
      "case_id=1:24-cv-99999&court_code=nysd",
      "case_id=1:24-cv-99999&court_code=zzzz",
      "case_id=2024-00123&court_code=ohctclaims",
      "case_id=3:24-cv-01001&court_code=prd",
    ]) {
      const answer = await callRoute(getCase, `/v2/case?test=1&${query}`);
      produced.set(answer.body.error.code, answer.status);
    }
    const documented = new Map<string, number>();
    for (const [status, response] of Object.entries(body.paths["/v2/case"].get.responses as Record<string, { description: string }>)) {
      for (const [, code] of response.description.matchAll(/`([a-z_]+)`/g)) documented.set(code!, Number(status));
    }
    // rate_limited and payment_unavailable need a wallet's minute or an unreachable facilitator (tests/payments);
    // payment_required and internal_error are every paid operation's.
    for (const code of ["rate_limited", "payment_unavailable", "payment_required", "internal_error"]) documented.delete(code);
    expect(new Map([...documented].sort())).toEqual(new Map([...produced].sort()));
  });


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
        expect(responses[status].description, `${id} ${status}`).toContain(`\`${example.error.code}\``);
      }
      if (id === "mcp") continue;
      if (responses["402"]) {
        expect(Object.keys(responses["402"].headers), id).toContain("PAYMENT-REQUIRED");
        expect(Object.keys(responses["200"].headers), id).toContain("PAYMENT-RESPONSE");
        expect(responses["402"].content["application/json"].example).toMatchObject({ error: { payment_requirements: [expect.objectContaining({ amount: "990000" })] } });
      }
      if (responses["429"]) expect(Object.keys(responses["429"].headers), id).toContain("Retry-After");
    }
    // Each error status's example carries a code that operation answers with, and its description names them all.
    expect([...codes].sort()).toEqual([
      "400 invalid_case_id",
      "400 invalid_parameter",
      "402 payment_required",
      "404 case_not_found",
      "404 court_not_found",
      "405 method_not_allowed",
      "413 batch_too_large",
      "422 court_not_covered",
      "429 rate_limited",
      "500 internal_error",
      "503 payment_unavailable",
      "503 source_unavailable",
    ]);
    const described = (path: string, method: string, status: string) => body.paths[path][method].responses[status].description as string;
    expect(described("/v2/case", "get", "400")).toBe("Bad request. error.code: `invalid_case_id`, `invalid_last_checked`, `invalid_parameter`.");
    expect(described("/v2/cases/batch", "post", "404")).toBe("Not found. error.code: `court_not_found`.");
    expect(described("/v2/wallet/keys", "get", "503")).toBe("Unavailable: nothing was charged. error.code: `payment_unavailable`.");
    expect(described("/v2/status", "get", "400")).toBe("Bad request. error.code: `invalid_parameter`.");
    expect(described("/v2/status", "get", "200")).toBe("OK");
    expect(Object.keys(body.paths["/v2/status"].get.responses["304"].headers)).toContain("ETag");
    // The callback delivery: its body (a component) and signature headers.
    const delivery = body.webhooks.case_query_complete.post;
    expect(delivery.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/CallbackDeliveryBody" });
    expect(body.components.schemas.CallbackDeliveryBody.properties.payload).toEqual({ $ref: "#/components/schemas/CaseResponse" });
    expect(delivery.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(["X-Service-Signature", "X-Service-Signature-Key-Id", "X-Service-Timestamp", "Idempotency-Key"]);
  });
});

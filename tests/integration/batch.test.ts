// POST /v2/cases/batch: results in request order, per-query errors in the shared error object, and the
// whole batch refused (before payment) when any query's input is invalid.
import { describe, expect, it } from "vitest";
import { batchResponseSchema, caseResponseSchema, type BatchResponse } from "@/contract";
import { GET as getCase } from "@/app/v2/case/route";
import { GET, POST } from "@/app/v2/cases/batch/route";
import { SANDBOX_CASES, SANDBOX_ERROR_FIXTURES } from "@/lib/sandbox/cases";
import { TEST_ORIGIN, callRoute, sandbox } from "../helpers/call-route";
import { expectErrorEnvelope, type ExpectedError } from "../helpers/envelope";

const batch = (body: unknown, headers: Record<string, string> = sandbox) => callRoute<BatchResponse>(POST, "/v2/cases/batch", { body, headers });

describe("POST /v2/cases/batch sandbox", () => {
  it("answers every fixture in order, each result equal to the single query's answer", async () => {
    const queries = SANDBOX_CASES.filter((fixture) => fixture.entries.length < 1000).map((fixture, index) => ({
      case_id: fixture.case_id,
      court_code: fixture.court_code,
      last_checked: "2026-11-15T00:00:00Z",
      ...(index % 2 === 0 ? { context: "full" as const } : {}),
      ...(fixture.court_code === "fct" ? { language: "fr" as const } : {}),
      ...(index === 0 ? { filing_types: "motion,order" } : {}),
    }));
    const result = await batch({ queries }, { ...sandbox, "x-service-tag": "batch-1" });
    expect(result.status, result.text.slice(0, 400)).toBe(200);
    expect(batchResponseSchema.safeParse(result.body).success).toBe(true);
    expect(result.body.meta).toEqual({
      request_id: expect.stringMatching(/^req_/),
      queried_at: expect.any(String),
      batch_size: queries.length,
      successful: queries.length,
      failed: 0,
      total_cost_usd: 0,
      sandbox: true,
      tag: "batch-1",
    });
    for (const [index, query] of queries.entries()) {
      const item = result.body.results[index]!;
      expect(item).toMatchObject({ case_id: query.case_id, court_code: query.court_code, status: "success" });
      if (item.status !== "success") throw new Error("unreachable");
      expect(caseResponseSchema.safeParse(item.response).success).toBe(true);
      const single = await callRoute(getCase, "/v2/case", { query: query as Record<string, string>, headers: sandbox });
      const { meta: singleMeta, ...singleRest } = single.body;
      const { meta: itemMeta, ...itemRest } = item.response;
      expect(itemRest).toEqual(singleRest);
      expect({ ...itemMeta, request_id: "", queried_at: "", tag: null }).toEqual({ ...singleMeta, request_id: "", queried_at: "", tag: null });
    }
  });

  it("reports failed queries in place with the shared error object", async () => {
    const queries = [
      { case_id: "1:22-cr-00123", court_code: "dcd" },
      SANDBOX_ERROR_FIXTURES.unknownCase,
      SANDBOX_ERROR_FIXTURES.sourceDown,
      { case_id: "23-15678", court_code: "ca9", context: "full" as const },
    ];
    const result = await batch({ queries });
    expect(result.status).toBe(200);
    expect(batchResponseSchema.safeParse(result.body).success).toBe(true);
    expect(result.body.meta).toMatchObject({ batch_size: 4, successful: 2, failed: 2, total_cost_usd: 0 });
    expect(result.body.results.map((item) => item.status)).toEqual(["success", "error", "error", "success"]);
    expect(result.body.results[1]).toEqual({
      ...SANDBOX_ERROR_FIXTURES.unknownCase,
      status: "error",
      error: {
        code: "case_not_found",
        message: expect.stringContaining("1:24-cv-99999"),
        documentation_url: `${TEST_ORIGIN}/docs/errors#case_not_found`,
        parameter: "case_id",
      },
    });
    expect(result.body.results[2]).toMatchObject({
      status: "error",
      error: { code: "source_unavailable", documentation_url: `${TEST_ORIGIN}/docs/errors#source_unavailable`, estimated_recovery_at: expect.any(String) },
    });
    // A failed query of a batch is charged with the batch when another succeeds (batch rule 2): its message must
    // not say "nothing was charged", as the single query's does.
    for (const index of [1, 2]) {
      const item = result.body.results[index]!;
      if (item.status !== "error") throw new Error("unreachable");
      expect(item.error.message).not.toMatch(/nothing was charged/i);
      expect(item.error.message).toMatch(/A batch is charged in full when any of its queries succeeds/);
    }
  });

  it("answers a batch whose every query fails with 200 and per-query errors", async () => {
    const result = await batch({ queries: [SANDBOX_ERROR_FIXTURES.unknownCase, SANDBOX_ERROR_FIXTURES.sourceDown] });
    expect(result.status).toBe(200);
    expect(result.body.meta).toMatchObject({ batch_size: 2, successful: 0, failed: 2, total_cost_usd: 0 });
  });

  it("takes exactly 50 queries", async () => {
    const queries = Array.from({ length: 50 }, () => ({ case_id: "1:22-cr-00123", court_code: "dcd" }));
    const result = await batch({ queries });
    expect(result.status).toBe(200);
    expect(result.body.meta.batch_size).toBe(50);
    expect(result.body.results).toHaveLength(50);
  });

  it("accepts application/json with a charset", async () => {
    const result = await callRoute(POST, "/v2/cases/batch", {
      rawBody: JSON.stringify({ queries: [{ case_id: "1:22-cr-00123", court_code: "dcd" }] }),
      headers: { ...sandbox, "content-type": "application/json; charset=utf-8" },
    });
    expect(result.status).toBe(200);
  });

  it("echoes each query's case_id and court_code as submitted; the canonical id is in response.case_id", async () => {
    const result = await callRoute<BatchResponse>(POST, "/v2/cases/batch", {
      body: { queries: [{ case_id: "1:23-CV-4567", court_code: "NYSD" }, { case_id: "1:24-cv-99999", court_code: "nysd" }] },
      headers: sandbox,
    });
    expect(result.status).toBe(200);
    expect(result.body.results.map((entry) => [entry.case_id, entry.court_code])).toEqual([
      ["1:23-CV-4567", "NYSD"],
      ["1:24-cv-99999", "nysd"],
    ]);
    expect((result.body.results[0] as { response?: unknown }).response).toMatchObject({ case_id: "1:23-cv-04567", court_code: "nysd" });
  });

  it("answers attorney firm and role as strings, also where the court names none", async () => {
    const result = await callRoute(getCase, "/v2/case", { query: { case_id: "1:24-bk-10234", court_code: "deb", context: "full" }, headers: sandbox });
    const attorneys = (result.body.case as { parties: Array<{ attorneys: Array<{ firm: unknown; role: unknown }> }> }).parties.flatMap((party) => party.attorneys);
    expect(attorneys.length).toBeGreaterThan(0);
    for (const attorney of attorneys) expect([typeof attorney.firm, typeof attorney.role]).toEqual(["string", "string"]);
  });
});

const one = { case_id: "1:22-cr-00123", court_code: "dcd" };
type Row = [name: string, body: { json?: unknown; raw?: string }, headers: Record<string, string>, expected: ExpectedError];
const rows: Row[] = [
  ["51 queries", { json: { queries: Array.from({ length: 51 }, () => one) } }, sandbox, { code: "batch_too_large", parameter: "queries", message: "51", sandbox: true }],
  ["0 queries", { json: { queries: [] } }, sandbox, { code: "invalid_parameter", parameter: "queries", sandbox: true }],
  ["no queries field", { json: {} }, sandbox, { code: "invalid_parameter", parameter: "queries", sandbox: true }],
  ["queries not an array", { json: { queries: one } }, sandbox, { code: "invalid_parameter", parameter: "queries", sandbox: true }],
  ["body is an array", { json: [one] }, sandbox, { code: "invalid_parameter", parameter: "body", sandbox: true }],
  ["unknown top-level field", { json: { queries: [one], pay: true } }, sandbox, { code: "invalid_parameter", parameter: "pay", sandbox: true }],
  ["malformed JSON", { raw: '{"queries": [' }, sandbox, { code: "invalid_parameter", parameter: "body", message: "not valid JSON", sandbox: true }],
  ["empty body", { raw: "" }, sandbox, { code: "invalid_parameter", parameter: "body", sandbox: true }],
  ["wrong content type", { raw: "queries=1" }, { ...sandbox, "content-type": "application/x-www-form-urlencoded" }, { code: "invalid_parameter", parameter: "Content-Type", sandbox: true }],
  ["a query is not an object", { json: { queries: [one, "nysd 1:23-cv-04567"] } }, sandbox, { code: "invalid_parameter", parameter: "queries[1]", extra: { query_index: 1 }, sandbox: true }],
  ["a query misses court_code", { json: { queries: [one, { case_id: "1:22-cr-00123" }] } }, sandbox, { code: "invalid_parameter", parameter: "queries[1].court_code", extra: { query_index: 1 }, sandbox: true }],
  ["a query's case_id is a number", { json: { queries: [{ ...one, case_id: 123 }] } }, sandbox, { code: "invalid_parameter", parameter: "queries[0].case_id", message: "case_id must be a string", extra: { query_index: 0 }, sandbox: true }],
  ["a query has an unknown field", { json: { queries: [{ ...one, document_types: ["motion"] }] } }, sandbox, { code: "invalid_parameter", parameter: "queries[0].document_types", message: "filing_types", extra: { query_index: 0 }, sandbox: true }],
  ["a query has a bare-date last_checked", { json: { queries: [one, { ...one, last_checked: "2026-11-01" }] } }, sandbox, { code: "invalid_last_checked", parameter: "queries[1].last_checked", extra: { query_index: 1 }, sandbox: true }],
  ["a query has a bad context", { json: { queries: [{ ...one, context: "all" }] } }, sandbox, { code: "invalid_parameter", parameter: "queries[0].context", extra: { query_index: 0 }, sandbox: true }],
  ["a query has a bad case id", { json: { queries: [{ ...one, case_id: "22-123" }] } }, sandbox, { code: "invalid_case_id", parameter: "queries[0].case_id", extra: { query_index: 0 }, sandbox: true }],
  ["a query names an unknown court", { json: { queries: [one, { ...one, court_code: "xx" }] } }, sandbox, { code: "court_not_found", parameter: "queries[1].court_code", extra: { query_index: 1 }, sandbox: true }],
  ["a query names a planned court", { json: { queries: [SANDBOX_ERROR_FIXTURES.plannedCourt] } }, sandbox, { code: "court_not_covered", parameter: "queries[0].court_code", extra: { query_index: 0 }, sandbox: true }],
  ["a body over 512 KB", { raw: JSON.stringify({ queries: [{ ...one, case_id: "x".repeat(600_000) }] }) }, sandbox, { code: "batch_too_large", parameter: "body", message: "512 KB", sandbox: true }],
  ["tag too long", { json: { queries: [one] } }, { ...sandbox, "x-service-tag": "z".repeat(100) }, { code: "invalid_parameter", parameter: "X-Service-Tag", sandbox: true }],
  ["live, without payment (priced for the batch)", { json: { queries: [one, one, one] } }, {}, { code: "payment_required", message: "2.97 USD" }],
  ["live, 51 queries need no payment to be refused", { json: { queries: Array.from({ length: 51 }, () => one) } }, {}, { code: "batch_too_large", parameter: "queries" }],
];

describe("POST /v2/cases/batch errors", () => {
  it.each(rows)("%s", async (_name, body, headers, expected) => {
    const result = await callRoute(POST, "/v2/cases/batch", {
      ...(body.raw !== undefined ? { rawBody: body.raw } : { body: body.json }),
      headers: { "content-type": "application/json", ...headers },
    });
    expectErrorEnvelope(result, expected);
  });

  // A query parameter would otherwise be ignored: `?context=full` on a paid batch must not quietly answer basic.
  it.each([
    ["in the sandbox", sandbox, { sandbox: true }],
    ["live, before payment", {}, {}],
  ])("refuses query parameters %s: each query's options go in the body", async (_name, headers, expected) => {
    const result = await callRoute(POST, "/v2/cases/batch", {
      query: { context: "full" },
      body: { queries: [one] },
      headers: { "content-type": "application/json", ...headers },
    });
    expectErrorEnvelope(result, { code: "invalid_parameter", parameter: "context", message: "in its object in the body", ...expected });
  });

  it("takes the sandbox switch as ?test=1", async () => {
    const result = await callRoute<BatchResponse>(POST, "/v2/cases/batch", { query: { test: "1" }, body: { queries: [one] }, headers: { "content-type": "application/json" } });
    expect(result.status, result.text.slice(0, 300)).toBe(200);
    expect(result.body.meta).toMatchObject({ sandbox: true, successful: 1 });
  });

  it("answers 405 in the envelope for GET", async () => {
    const result = await callRoute(GET, "/v2/cases/batch", { headers: sandbox });
    expectErrorEnvelope(result, { code: "method_not_allowed", sandbox: true });
    expect(result.headers.get("allow")).toBe("POST");
  });
});

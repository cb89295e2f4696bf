// GET /v2/case: every error of DECISIONS.md that this endpoint can produce, with the full envelope.
import { describe, expect, it, vi } from "vitest";
import { GET } from "@/app/v2/case/route";
import { POST as postBatch } from "@/app/v2/cases/batch/route";
import { resetEnvForTests } from "@/lib/env";
import { callRoute, sandbox } from "../helpers/call-route";
import { expectErrorEnvelope, type ExpectedError } from "../helpers/envelope";

const valid = { case_id: "1:23-cv-04567", court_code: "nysd" };
const future = new Date(Date.now() + 3_600_000).toISOString();

type Row = [name: string, query: Record<string, string | undefined>, headers: Record<string, string>, expected: ExpectedError];

const rows: Row[] = [
  ["missing case_id", { court_code: "nysd" }, sandbox, { code: "invalid_parameter", parameter: "case_id", message: "case_id is required", sandbox: true }],
  ["missing court_code", { case_id: "1:23-cv-04567" }, sandbox, { code: "invalid_parameter", parameter: "court_code", sandbox: true }],
  ["blank case_id", { ...valid, case_id: "  " }, sandbox, { code: "invalid_parameter", parameter: "case_id", sandbox: true }],
  ["unknown context", { ...valid, context: "everything" }, sandbox, { code: "invalid_parameter", parameter: "context", message: "basic or full", sandbox: true }],
  ["unknown language", { ...valid, language: "de" }, sandbox, { code: "invalid_parameter", parameter: "language", message: "en or fr", sandbox: true }],
  ["last_checked bare date", { ...valid, last_checked: "2026-11-01" }, sandbox, { code: "invalid_last_checked", parameter: "last_checked", message: "bare date", sandbox: true }],
  ["last_checked without offset", { ...valid, last_checked: "2026-11-01T10:00:00" }, sandbox, { code: "invalid_last_checked", parameter: "last_checked", message: "no timezone offset", sandbox: true }],
  ["last_checked unparseable", { ...valid, last_checked: "yesterday" }, sandbox, { code: "invalid_last_checked", parameter: "last_checked", message: "not an ISO-8601", sandbox: true }],
  ["last_checked impossible date", { ...valid, last_checked: "2026-02-30T10:00:00Z" }, sandbox, { code: "invalid_last_checked", parameter: "last_checked", sandbox: true }],
  ["last_checked with an unencoded +", { ...valid, last_checked: "2026-11-01T10:00:00 01:00" }, sandbox, { code: "invalid_last_checked", parameter: "last_checked", message: "%2B", sandbox: true }],
  ["last_checked at 25 o'clock", { ...valid, last_checked: "2026-11-01T25:00:00Z" }, sandbox, { code: "invalid_last_checked", parameter: "last_checked", message: "not a real date", sandbox: true }],
  ["last_checked in the future", { ...valid, last_checked: future }, sandbox, { code: "invalid_last_checked", parameter: "last_checked", message: "future", sandbox: true }],
  ["unknown filing type", { ...valid, filing_types: "motion,memo" }, sandbox, { code: "invalid_parameter", parameter: "filing_types", message: '"memo"', sandbox: true }],
  ["empty filing type item", { ...valid, filing_types: "motion,,order" }, sandbox, { code: "invalid_parameter", parameter: "filing_types", message: "empty item", sandbox: true }],
  ["empty filing_types", { ...valid, filing_types: "" }, sandbox, { code: "invalid_parameter", parameter: "filing_types", sandbox: true }],
  ["filing_types without last_checked", { ...valid, filing_types: "motion" }, sandbox, { code: "invalid_parameter", parameter: "filing_types", message: "only present with last_checked", sandbox: true }],
  ["case_id not matching the court", { ...valid, case_id: "23-cv-4567" }, sandbox, { code: "invalid_case_id", parameter: "case_id", message: "for example \"", sandbox: true }],
  ["unknown court", { ...valid, court_code: "zzzz" }, sandbox, { code: "court_not_found", parameter: "court_code", sandbox: true }],
  ["planned court", { case_id: "2024-00123", court_code: "ohctclaims" }, sandbox, { code: "court_not_covered", parameter: "court_code", sandbox: true }],
  ["unknown case", { case_id: "1:24-cv-99999", court_code: "nysd" }, sandbox, { code: "case_not_found", parameter: "case_id", message: "Nothing was charged", sandbox: true }],
  ["parameter given twice", { ...valid }, sandbox, { code: "invalid_parameter", parameter: "court_code", message: "more than once", sandbox: true }],
  ["callback_url (not in this release)", { ...valid, callback_url: "https://agent.example.com/hook" }, sandbox, { code: "invalid_parameter", parameter: "callback_url", sandbox: true }],
  ["callback_url not a URL", { ...valid, callback_url: "not a url" }, sandbox, { code: "invalid_parameter", parameter: "callback_url", sandbox: true }],
  ["X-Service-Tag over 64 characters", valid, { ...sandbox, "x-service-tag": "x".repeat(65) }, { code: "invalid_parameter", parameter: "X-Service-Tag", message: "65 characters", sandbox: true }],
  ["sandbox switch with another value", { ...valid, test: "yes" }, {}, { code: "invalid_parameter", parameter: "test" }],
  ["live request without payment", valid, {}, { code: "payment_required", message: "0.99 USD" }],
  ["live request with a tag, without payment", valid, { "x-service-tag": "run-42" }, { code: "payment_required", tag: "run-42" }],
  ["live request with invalid input (no payment asked)", { ...valid, context: "huge" }, {}, { code: "invalid_parameter", parameter: "context" }],
  ["live request for a planned court (no payment asked)", { case_id: "2024-00123", court_code: "ohctclaims" }, {}, { code: "court_not_covered", parameter: "court_code" }],
];

describe("GET /v2/case last_checked forms", () => {
  it.each(["2026-11-01T10:00Z", "2026-11-01T10:00:00+0100", "2026-11-01T10:00:00.123456-05:00", "2026-11-01t10:00:00z", "0001-01-01T00:00:00Z", "0099-12-31T23:59:59Z"])("accepts %s", async (lastChecked) => {
    const result = await callRoute(GET, "/v2/case", { query: { ...valid, last_checked: lastChecked }, headers: sandbox });
    expect(result.status, result.text).toBe(200);
    expect(result.body.delta.since).toBe(lastChecked);
  });
});

describe("GET /v2/case errors", () => {
  it.each(rows)("%s", async (name, query, headers, expected) => {
    const path = name === "parameter given twice" ? "/v2/case?court_code=nysd" : "/v2/case";
    const result = await callRoute(GET, path, { query, headers });
    expectErrorEnvelope(result, expected);
  });

  it("answers a source outage with 503, the estimated recovery time and Retry-After", async () => {
    const result = await callRoute(GET, "/v2/case", { query: { case_id: "3:24-cv-01001", court_code: "prd" }, headers: sandbox });
    expectErrorEnvelope(result, {
      code: "source_unavailable",
      sandbox: true,
      message: "estimated recovery",
      extra: { estimated_recovery_at: expect.stringMatching(/^\d{4}-.*Z$/) },
    });
    const recovery = Date.parse(result.body.error.estimated_recovery_at);
    expect(recovery).toBeGreaterThan(Date.now());
    const retryAfter = Number(result.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(Math.abs(Date.now() + retryAfter * 1000 - recovery)).toBeLessThan(5_000);
  });

  it("states the configured price when it cannot take payments (it said 0.99 whatever X402_PRICE_USD said)", async () => {
    vi.stubEnv("X402_PRICE_USD", "1.50");
    resetEnvForTests();
    try {
      const single = await callRoute(GET, "/v2/case", { query: valid });
      expectErrorEnvelope(single, { code: "payment_required", message: "A case query costs 1.50 USD" });
      const batch = await callRoute(postBatch, "/v2/cases/batch", { method: "POST", body: { queries: [valid, { ...valid, court_code: "nysd" }] } });
      expectErrorEnvelope(batch, { code: "payment_required", message: "A batch of 2 case queries costs 3.00 USD" });
      const one = await callRoute(postBatch, "/v2/cases/batch", { method: "POST", body: { queries: [valid] } });
      expectErrorEnvelope(one, { code: "payment_required", message: "A batch of 1 case query costs 1.50 USD" });
    } finally {
      vi.unstubAllEnvs();
      resetEnvForTests();
    }
  });

  it("quotes the court's pattern and example when the case id does not match", async () => {
    const result = await callRoute(GET, "/v2/case", { query: { case_id: "12345", court_code: "texapp1" }, headers: sandbox });
    expect(result.body.error.message).toContain("^01-[0-9]{2}-[0-9]{5}-(CV|CR)$");
    expect(result.body.error.message).toContain("01-18-00277-CR");
  });
});

// The deprecated v1 endpoints: adapters over v2 with v1's shapes and the deprecation headers.
import { describe, expect, it } from "vitest";
import { GET as v1Case, POST as v1CasePost } from "@/app/v1/case/route";
import { GET as v1Monitor } from "@/app/v1/monitor/route";
import { GET as v1Status } from "@/app/v1/status/route";
import { GET as v2Status } from "@/app/v2/status/route";
import { TEST_ORIGIN, callRoute, sandbox, type CallResult } from "../helpers/call-route";

function expectDeprecated(result: CallResult, successor: string): void {
  expect(result.headers.get("deprecation")).toBe("true");
  expect(result.headers.get("sunset")).toBe("Wed, 28 Apr 2027 00:00:00 GMT");
  expect(result.headers.get("link")).toBe(`<${TEST_ORIGIN}/docs/changelog>; rel="deprecation"; type="text/html", <${TEST_ORIGIN}${successor}>; rel="successor-version"`);
}

describe("/v1/case", () => {
  it("answers in v1's shape: no meta, the full case with nature_of_suit, new filings inline", async () => {
    const result = await callRoute(v1Case, "/v1/case", {
      query: { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-15T00:00:00Z", document_types: '["motion","order"]' },
      headers: sandbox,
    });
    expect(result.status, result.text).toBe(200);
    expectDeprecated(result, "/v2/case");
    expect(Object.keys(result.body).sort()).toEqual(["case", "case_id", "court_code", "new_filings", "truncated"]);
    expect(result.body.case).toMatchObject({ nature_of_suit: "Contract: Other", case_name: "Harborline Logistics LLC v. Meridian Data Systems, Inc." });
    expect(result.body.case).not.toHaveProperty("nature_of_proceeding");
    expect(result.body.case).not.toHaveProperty("jurisdiction_country");
    expect(result.body.case.docket_history).toHaveLength(146);
    expect(result.body.new_filings.map((filing: { filing_type: string }) => filing.filing_type)).toEqual(["order", "motion"]);

    const withoutLastChecked = await callRoute(v1Case, "/v1/case", { query: { case_id: "1:23-cv-04567", court_code: "nysd", context: "summary" }, headers: sandbox });
    expect(withoutLastChecked.body.new_filings).toEqual([]);
    expect(withoutLastChecked.body.case.docket_history).toHaveLength(146);
  });

  it("answers errors in v1's shape, without meta, and still before any payment", async () => {
    const badTypes = await callRoute(v1Case, "/v1/case", { query: { case_id: "1:23-cv-04567", court_code: "nysd", document_types: "motion" }, headers: sandbox });
    expect(badTypes.status).toBe(400);
    expect(badTypes.body).toEqual({ error: expect.objectContaining({ code: "invalid_parameter", parameter: "document_types" }) });
    expectDeprecated(badTypes, "/v2/case");

    // A valid filter without last_checked: the message names v1's parameter, not v2's filing_types.
    const noLastChecked = await callRoute(v1Case, "/v1/case", { query: { case_id: "1:23-cv-04567", court_code: "nysd", document_types: '["motion"]' }, headers: sandbox });
    expect(noLastChecked.status).toBe(400);
    expect(noLastChecked.body.error).toMatchObject({ code: "invalid_parameter", parameter: "document_types", message: expect.stringContaining("document_types") });
    expect(noLastChecked.body.error.message).not.toContain("filing_types");

    const canadian = await callRoute(v1Case, "/v1/case", { query: { case_id: "T-1234-23", court_code: "fct" }, headers: sandbox });
    expect(canadian.status).toBe(404);
    expect(canadian.body.error).toMatchObject({ code: "court_not_found", message: expect.stringContaining("/v2 only") });

    const missing = await callRoute(v1Case, "/v1/case", { query: { case_id: "1:24-cv-99999", court_code: "nysd" }, headers: sandbox });
    expect(missing.status).toBe(404);
    expect(missing.body).not.toHaveProperty("meta");
    expect(missing.body.error).toMatchObject({ code: "case_not_found", documentation_url: `${TEST_ORIGIN}/docs/errors#case_not_found` });

    const unpaid = await callRoute(v1Case, "/v1/case", { query: { case_id: "1:23-cv-04567", court_code: "nysd" } });
    expect(unpaid.status).toBe(402);
    expect(unpaid.body).not.toHaveProperty("meta");
    expect(unpaid.body.error.code).toBe("payment_required");
    expect(unpaid.headers.get("x-request-id")).toMatch(/^req_/);

    const post = await callRoute(v1CasePost, "/v1/case", { method: "POST", body: {} });
    expect(post.status).toBe(405);
    expect(post.body).not.toHaveProperty("meta");
    expectDeprecated(post, "/v2/case");
  });
});

describe("/v1/monitor", () => {
  it("answers changed only, with last_checked optional", async () => {
    const since = await callRoute(v1Monitor, "/v1/monitor", { query: { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-20T00:00:00Z" }, headers: sandbox });
    expect(since.body).toEqual({ case_id: "1:23-cv-04567", court_code: "nysd", changed: false });
    expectDeprecated(since, "/v2/monitor");
    const ever = await callRoute(v1Monitor, "/v1/monitor", { query: { case_id: "1:23-cv-04567", court_code: "nysd" }, headers: sandbox });
    expect(ever.body).toEqual({ case_id: "1:23-cv-04567", court_code: "nysd", changed: true });
  });
});

describe("/v1/status", () => {
  it("lists the US courts without meta or jurisdiction_country", async () => {
    const result = await callRoute(v1Status, "/v1/status");
    expect(result.status).toBe(200);
    expectDeprecated(result, "/v2/status");
    expect(result.body).not.toHaveProperty("meta");
    expect(result.body).toMatchObject({ api_version: expect.any(String), operational_status: "nominal" });
    expect(result.body.courts.length).toBeGreaterThan(200);
    expect(result.body.courts.some((court: { court_code: string }) => court.court_code === "fct")).toBe(false);
    expect(result.body.courts[0]).not.toHaveProperty("jurisdiction_country");
    expect(result.body.courts[0]).not.toHaveProperty("language");
    // v2's caching headers pass through: the sandbox answer is never stored.
    expect(result.headers.get("vary")).toBe("X-Service-Test, Accept-Encoding");
    expect((await callRoute(v1Status, "/v1/status", { headers: sandbox })).headers.get("cache-control")).toBe("no-store");
  });

  it("has ETags of its own (another body than v2's) and revalidates with them, not with v2's", async () => {
    const v1 = await callRoute(v1Status, "/v1/status");
    const v2 = await callRoute(v2Status, "/v2/status");
    const etag = v1.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"v1\.1\./);
    expect(etag).not.toBe(v2.headers.get("etag"));
    const revalidated = await callRoute(v1Status, "/v1/status", { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect((await callRoute(v1Status, "/v1/status", { headers: { "if-none-match": v2.headers.get("etag")! } })).status).toBe(200);
    expect((await callRoute(v1Status, "/v1/status", { headers: { "if-none-match": "*" } })).status).toBe(304);
  });

  it("ignores query parameters as v1 always did (v2 refuses them), but takes ?test=1", async () => {
    const result = await callRoute(v1Status, "/v1/status", { query: { _: "1764100000000" } });
    expect(result.status, result.text.slice(0, 200)).toBe(200);
    expect((await callRoute(v1Status, "/v1/status", { query: { test: "1", _: "1" } })).headers.get("cache-control")).toBe("no-store");
  });
});

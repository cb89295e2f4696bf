// GET /v2/status: free, no payment, every court of the registry.
import { describe, expect, it, vi } from "vitest";
import { statusResponseSchema, type StatusResponse } from "@/contract";
import { GET, POST } from "@/app/v2/status/route";
import { COURTS } from "@/lib/courts/registry";
import { resetEnvForTests } from "@/lib/env";
import { TEST_ORIGIN, callRoute, sandbox } from "../helpers/call-route";
import { expectErrorEnvelope } from "../helpers/envelope";

describe("GET /v2/status", () => {
  it("is free and lists every court, covered and planned, with the status meta subset", async () => {
    const result = await callRoute<StatusResponse>(GET, "/v2/status");
    expect(result.status).toBe(200);
    expect(statusResponseSchema.safeParse(result.body).success).toBe(true);
    expect(result.body.meta).toEqual({ request_id: expect.stringMatching(/^req_/), queried_at: expect.any(String) });
    expect(result.body.api_version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(result.body.changelog_url).toBe(`${TEST_ORIGIN}/docs/changelog`);
    expect(result.body.operational_status).toBe("nominal");
    expect(result.body.courts).toHaveLength(COURTS.length);
    const coverage = new Set(result.body.courts.map((court) => court.coverage));
    expect(coverage).toEqual(new Set(["full", "partial", "planned"]));
    const fct = result.body.courts.find((court) => court.court_code === "fct");
    expect(fct).toEqual({
      court_code: "fct",
      name: "Federal Court / Cour fédérale",
      jurisdiction_country: "CA",
      language: "bilingual",
      case_id_format: { pattern: "^[A-Za-z0-9][A-Za-z0-9 .,:;/()#-]{0,63}$", example: "T-1234-23" },
      coverage: "planned",
      refresh_cadence_seconds: null,
      case_management_system: null,
      notes: expect.stringMatching(/^Case number format not verified.*Bilingual/),
    });
    // A court whose numbers were read off real records: its example is one of them.
    expect(result.body.courts.find((court) => court.court_code === "texapp1")).toMatchObject({
      case_id_format: { pattern: "^01-[0-9]{2}-[0-9]{5}-(CV|CR)$", example: "01-18-00277-CR" },
    });
    const planned = result.body.courts.find((court) => court.court_code === "ohctclaims");
    expect(planned).toMatchObject({ coverage: "planned", refresh_cadence_seconds: null, case_management_system: null });
  });

  it("answers the same in sandbox mode", async () => {
    const result = await callRoute<StatusResponse>(GET, "/v2/status", { headers: sandbox });
    expect(result.status).toBe(200);
    expect(result.body.courts).toHaveLength(COURTS.length);
  });

  it("refuses query parameters (it has no filters) but takes ?test=1", async () => {
    expectErrorEnvelope(await callRoute(GET, "/v2/status", { query: { court_code: "nysd" } }), { code: "invalid_parameter", parameter: "court_code", message: "takes none" });
    const sandboxed = await callRoute<StatusResponse>(GET, "/v2/status", { query: { test: "1" } });
    expect(sandboxed.status).toBe(200);
    expect(sandboxed.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses an over-long tag like every endpoint, and other methods with 405", async () => {
    expectErrorEnvelope(await callRoute(GET, "/v2/status", { headers: { "x-service-tag": "s".repeat(65) } }), {
      code: "invalid_parameter",
      parameter: "X-Service-Tag",
    });
    const post = await callRoute(POST, "/v2/status", { method: "POST" });
    expectErrorEnvelope(post, { code: "method_not_allowed" });
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("is cacheable: a weak ETag, 304 when the caller has it, CDN-friendly Cache-Control", async () => {
    const first = await callRoute(GET, "/v2/status");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[0-9a-f]{24}"$/);
    expect(first.headers.get("cache-control")).toMatch(/public.*s-maxage=\d+/);
    const again = await callRoute(GET, "/v2/status", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    const other = await callRoute(GET, "/v2/status", { headers: { "if-none-match": 'W/"something-else"' } });
    expect(other.status).toBe(200);
    // The sandbox's status (degraded: its outage fixture) is another representation.
    const sandboxed = await callRoute(GET, "/v2/status", { headers: { ...sandbox, "if-none-match": etag } });
    expect(sandboxed.status).toBe(200);
    expect(sandboxed.body.operational_status).toBe("degraded");
    // Which court is affected, in its notes: the sandbox's always-down court, no other.
    const noted = sandboxed.body.courts.filter((court: { notes: string | null }) => court.notes?.startsWith("Sandbox:"));
    expect(noted.map((court: { court_code: string }) => court.court_code)).toEqual(["prd"]);
    expect(noted[0].notes).toMatch(/always down, so every valid case_id answers 503 source_unavailable/);
    expect(sandboxed.headers.get("etag")).not.toBe(etag);
    // Never stored, and the live answer varies on the header that switches the sandbox on.
    expect(sandboxed.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.get("vary")).toBe("X-Service-Test, Accept-Encoding");
  });

  it("matches If-None-Match lists and *, and changes the ETag when the operational status changes", async () => {
    const first = await callRoute(GET, "/v2/status");
    const etag = first.headers.get("etag")!;
    expect((await callRoute(GET, "/v2/status", { headers: { "if-none-match": `"abc", ${etag.replace(/^W\//, "")}` } })).status).toBe(304);
    expect((await callRoute(GET, "/v2/status", { headers: { "if-none-match": "*" } })).status).toBe(304);
    vi.stubEnv("SERVICE_STATUS_OVERRIDE", "maintenance");
    resetEnvForTests();
    try {
      const during = await callRoute(GET, "/v2/status", { headers: { "if-none-match": etag } });
      expect(during.status).toBe(200);
      expect(during.body.operational_status).toBe("maintenance");
      expect(during.headers.get("etag")).not.toBe(etag);
    } finally {
      vi.unstubAllEnvs();
      resetEnvForTests();
    }
  });
});

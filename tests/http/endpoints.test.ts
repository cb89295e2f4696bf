// Every v2 endpoint over real HTTP from `next start` (built like a deployment): sandbox answers that
// validate against the contract, the error envelope from Next's router, and the headers a client relies on.
import { describe, expect, inject, it } from "vitest";
import {
  batchResponseSchema,
  caseResponseSchema,
  errorEnvelopeSchema,
  monitorResponseSchema,
  paymentRequiredEnvelopeSchema,
  statusResponseSchema,
  walletDeliveriesResponseSchema,
  walletKeyRotationResponseSchema,
  walletKeysResponseSchema,
} from "@/contract";

const baseUrl = () => inject("baseUrl");
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${baseUrl()}${path}`, { headers });

describe("v2 over HTTP", () => {
  it("serves every endpoint in sandbox within the contract", async () => {
    const checks: Array<[string, Promise<Response>, { safeParse(value: unknown): { success: boolean } }]> = [
      ["status", get("/v2/status"), statusResponseSchema],
      ["case", get("/v2/case?case_id=1:23-cv-04567&court_code=nysd&context=full&last_checked=2026-11-15T00:00:00Z&test=1"), caseResponseSchema],
      ["monitor", get("/v2/monitor?case_id=23-15678&court_code=ca9&last_checked=2026-11-15T00:00:00Z", { "x-service-test": "1" }), monitorResponseSchema],
      [
        "batch",
        fetch(`${baseUrl()}/v2/cases/batch?test=1`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ queries: [{ case_id: "T-1234-23", court_code: "fct" }, { case_id: "1:24-cv-99999", court_code: "nysd" }] }),
        }),
        batchResponseSchema,
      ],
      ["keys", get("/v2/wallet/keys?test=1"), walletKeysResponseSchema],
      ["rotate", fetch(`${baseUrl()}/v2/wallet/keys?test=1`, { method: "POST" }), walletKeyRotationResponseSchema],
      ["deliveries", get("/v2/wallet/deliveries?test=1&limit=10&status=succeeded"), walletDeliveriesResponseSchema],
    ];
    for (const [name, pending, schema] of checks) {
      const response = await pending;
      const body = await response.json();
      expect(response.status, `${name}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
      expect(response.headers.get("content-type"), name).toMatch(/^application\/json/);
      expect(schema.safeParse(body).success, name).toBe(true);
      expect(response.headers.get("x-request-id"), name).toBe(body.meta.request_id);
    }
  });

  it("serves the truncated large docket under 2 MB on the wire", async () => {
    const response = await get("/v2/case?case_id=3:21-md-02996&court_code=cand&context=full&test=1");
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(2_000_000);
    expect(JSON.parse(text).meta.truncated).toBe(true);
  });

  it("answers the MCP endpoint: POST works, GET is 405 in the envelope", async () => {
    const post = await fetch(`${baseUrl()}/v2/mcp?test=1`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(post.status).toBe(200);
    expect(await post.json()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    const getResponse = await get("/v2/mcp");
    expect(getResponse.status).toBe(405);
    expect(getResponse.headers.get("allow")).toBe("POST");
    expect(errorEnvelopeSchema.safeParse(await getResponse.json()).success).toBe(true);
  });

  it("answers errors in the envelope through Next's router too", async () => {
    const cases: Array<[string, RequestInit, number, string]> = [
      ["/v2/case?case_id=1:23-cv-04567&court_code=nysd", {}, 402, "payment_required"],
      ["/v2/case?case_id=1:23-cv-04567&court_code=nysd&last_checked=2026-11-01&test=1", {}, 400, "invalid_last_checked"],
      ["/v2/case?case_id=2024-00123&court_code=ohctclaims&test=1", {}, 422, "court_not_covered"],
      ["/v2/case?case_id=3:24-cv-01001&court_code=prd&test=1", {}, 503, "source_unavailable"],
      ["/v2/case?case_id=1:23-cv-04567&court_code=nysd&test=1", { method: "DELETE" }, 405, "method_not_allowed"],
      ["/v2/cases/batch?test=1", { method: "POST", headers: { "content-type": "application/json" }, body: "{" }, 400, "invalid_parameter"],
      [
        "/v2/cases/batch?test=1",
        { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ queries: Array.from({ length: 51 }, () => ({ case_id: "23-15678", court_code: "ca9" })) }) },
        413,
        "batch_too_large",
      ],
    ];
    for (const [path, init, status, code] of cases) {
      const response = await fetch(`${baseUrl()}${path}`, init);
      const body = await response.json();
      expect(response.status, `${init.method ?? "GET"} ${path}`).toBe(status);
      const schema = status === 402 ? paymentRequiredEnvelopeSchema : errorEnvelopeSchema;
      expect(schema.safeParse(body).success, path).toBe(true);
      expect(body.error.code).toBe(code);
      expect(body.error.documentation_url).toBe(`${baseUrl()}/docs/errors#${code}`);
      if (status === 503) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("refuses HEAD on paid endpoints (it would run the paid GET and drop the answer), serves it on free ones", async () => {
    for (const path of ["/v2/case?case_id=1:23-cv-04567&court_code=nysd", "/v2/monitor?case_id=1:23-cv-04567&court_code=nysd&last_checked=2026-11-15T00:00:00Z", "/v2/wallet/keys", "/v2/wallet/deliveries", "/v1/case?case_id=1:23-cv-04567&court_code=nysd", "/v1/monitor?case_id=1:23-cv-04567&court_code=nysd"]) {
      const response = await fetch(`${baseUrl()}${path}`, { method: "HEAD", headers: { "payment-signature": "not-a-payment" } });
      expect(response.status, path).toBe(405);
      expect(response.headers.get("allow"), path).toMatch(/^GET/);
    }
    for (const path of ["/v2/status", "/v2/openapi.json"]) expect((await fetch(`${baseUrl()}${path}`, { method: "HEAD" })).status, path).toBe(200);
  });
});

// GET /v2/monitor: the cheap change check, by the same rule as the delta of GET /v2/case.
import { describe, expect, it } from "vitest";
import { monitorResponseSchema, type MonitorResponse } from "@/contract";
import { GET as getCase } from "@/app/v2/case/route";
import { GET, POST } from "@/app/v2/monitor/route";
import { SANDBOX_CASES } from "@/lib/sandbox/cases";
import { callRoute, sandbox } from "../helpers/call-route";
import { expectErrorEnvelope, type ExpectedError } from "../helpers/envelope";

const valid = { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-15T00:00:00Z" };

describe("GET /v2/monitor sandbox", () => {
  it("answers the documented change summary with the monitor meta subset", async () => {
    const result = await callRoute<MonitorResponse>(GET, "/v2/monitor", { query: valid, headers: { ...sandbox, "x-service-tag": "m-1" } });
    expect(result.status).toBe(200);
    expect(monitorResponseSchema.safeParse(result.body).success).toBe(true);
    expect(result.body).toEqual({
      meta: {
        request_id: expect.stringMatching(/^req_/),
        queried_at: expect.any(String),
        query_cost_usd: 0,
        coverage_status: "full",
        sandbox: true,
        tag: "m-1",
      },
      case_id: "1:23-cv-04567",
      court_code: "nysd",
      changed: true,
      change_count: 5,
      latest_activity_at: "2026-11-19T09:15:00-05:00",
    });
  });

  it("answers unchanged with a null latest_activity_at", async () => {
    const result = await callRoute<MonitorResponse>(GET, "/v2/monitor", { query: { ...valid, last_checked: "2026-11-20T00:00:00+01:00" }, headers: sandbox });
    expect(result.body).toMatchObject({ changed: false, change_count: 0, latest_activity_at: null });
  });

  it.each(SANDBOX_CASES.map((fixture) => [`${fixture.court_code} ${fixture.case_id}`, fixture] as const))(
    "agrees with the delta of GET /v2/case for %s",
    async (_name, fixture) => {
      for (const lastChecked of ["2020-01-01T00:00:00Z", "2026-11-15T00:00:00Z", "2026-11-17T12:00:00-05:00", "2026-11-21T00:00:00Z"]) {
        const query = { case_id: fixture.case_id, court_code: fixture.court_code, last_checked: lastChecked };
        const monitor = (await callRoute<MonitorResponse>(GET, "/v2/monitor", { query, headers: sandbox })).body;
        // The 9,002-entry fixture's delta since 2020 does not fit in 2 MB: it comes in several answers.
        const filings: Array<{ filed_at: string }> = [];
        let full = (await callRoute(getCase, "/v2/case", { query, headers: sandbox })).body;
        filings.push(...full.delta.new_filings);
        while (full.delta.next_cursor) {
          full = (await callRoute(getCase, "/v2/case", { query: { ...query, delta_cursor: full.delta.next_cursor }, headers: sandbox })).body;
          filings.push(...full.delta.new_filings);
        }
        expect(monitor.changed).toBe(full.delta.changed);
        expect(monitor.change_count).toBe(full.delta.change_count);
        expect(filings).toHaveLength(monitor.change_count);
        const newest = filings
          .map((entry: { filed_at: string }) => entry.filed_at)
          .sort((a: string, b: string) => Date.parse(a) - Date.parse(b))
          .at(-1);
        expect(monitor.latest_activity_at).toBe(newest ?? null);
      }
    },
  );
});

type Row = [name: string, query: Record<string, string | undefined>, headers: Record<string, string>, expected: ExpectedError];

const future = new Date(Date.now() + 86_400_000).toISOString();
const rows: Row[] = [
  ["missing last_checked", { case_id: valid.case_id, court_code: "nysd" }, sandbox, { code: "invalid_parameter", parameter: "last_checked", message: "last_checked is required", sandbox: true }],
  ["missing case_id", { court_code: "nysd", last_checked: valid.last_checked }, sandbox, { code: "invalid_parameter", parameter: "case_id", sandbox: true }],
  ["missing court_code", { case_id: valid.case_id, last_checked: valid.last_checked }, sandbox, { code: "invalid_parameter", parameter: "court_code", sandbox: true }],
  ["bare date", { ...valid, last_checked: "2026-11-15" }, sandbox, { code: "invalid_last_checked", parameter: "last_checked", message: "bare date", sandbox: true }],
  ["no offset", { ...valid, last_checked: "2026-11-15T10:00:00" }, sandbox, { code: "invalid_last_checked", parameter: "last_checked", message: "no timezone offset", sandbox: true }],
  ["unparseable", { ...valid, last_checked: "last tuesday" }, sandbox, { code: "invalid_last_checked", parameter: "last_checked", sandbox: true }],
  ["future", { ...valid, last_checked: future }, sandbox, { code: "invalid_last_checked", parameter: "last_checked", message: "future", sandbox: true }],
  ["callback_url is not supported", { ...valid, callback_url: "https://agent.example.com/hook" }, sandbox, { code: "invalid_parameter", parameter: "callback_url", message: "not supported on /v2/monitor", sandbox: true }],
  ["context is not a monitor parameter", { ...valid, context: "full" }, sandbox, { code: "invalid_parameter", parameter: "context", message: "unknown field", sandbox: true }],
  ["bad case id", { ...valid, case_id: "4567" }, sandbox, { code: "invalid_case_id", parameter: "case_id", sandbox: true }],
  ["unknown court", { ...valid, court_code: "nowhere" }, sandbox, { code: "court_not_found", parameter: "court_code", sandbox: true }],
  ["planned court", { case_id: "2024-00123", court_code: "ohctclaims", last_checked: valid.last_checked }, sandbox, { code: "court_not_covered", parameter: "court_code", sandbox: true }],
  ["unknown case", { ...valid, case_id: "1:24-cv-99999" }, sandbox, { code: "case_not_found", parameter: "case_id", sandbox: true }],
  ["tag too long", valid, { ...sandbox, "x-service-tag": "y".repeat(65) }, { code: "invalid_parameter", parameter: "X-Service-Tag", sandbox: true }],
  ["live, without payment", valid, {}, { code: "payment_required", message: "0.99 USD" }],
  ["live, invalid input is answered before payment", { ...valid, last_checked: "2026-11-15" }, {}, { code: "invalid_last_checked", parameter: "last_checked" }],
];

describe("GET /v2/monitor errors", () => {
  it.each(rows)("%s", async (_name, query, headers, expected) => {
    expectErrorEnvelope(await callRoute(GET, "/v2/monitor", { query, headers }), expected);
  });

  it("answers a source outage with 503 and Retry-After", async () => {
    const result = await callRoute(GET, "/v2/monitor", { query: { case_id: "3:24-cv-01001", court_code: "prd", last_checked: valid.last_checked }, headers: sandbox });
    expectErrorEnvelope(result, { code: "source_unavailable", sandbox: true, extra: { estimated_recovery_at: expect.any(String) } });
    expect(Number(result.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers 405 in the envelope for other methods", async () => {
    const result = await callRoute(POST, "/v2/monitor", { method: "POST", body: {}, headers: sandbox });
    expectErrorEnvelope(result, { code: "method_not_allowed", sandbox: true });
    expect(result.headers.get("allow")).toBe("GET");
  });
});

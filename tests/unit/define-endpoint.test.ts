// The one request wrapper: every code of the closed error table becomes its status and the full
// envelope; unexpected failures and contract-breaking bodies become a 500 that leaks nothing.
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@/contract";
import { ServiceError, type ErrorDetails } from "@/lib/errors";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { callRoute, sandbox } from "../helpers/call-route";
import { expectErrorEnvelope } from "../helpers/envelope";

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

const details: { [code in ErrorCode]: () => ErrorDetails } = {
  invalid_parameter: () => ({ parameter: "context" }),
  invalid_last_checked: () => ({ parameter: "last_checked" }),
  invalid_case_id: () => ({ parameter: "case_id" }),
  payment_required: () => ({}),
  court_not_found: () => ({ parameter: "court_code" }),
  case_not_found: () => ({ parameter: "case_id" }),
  method_not_allowed: () => ({}),
  batch_too_large: () => ({ parameter: "queries" }),
  court_not_covered: () => ({ parameter: "court_code" }),
  rate_limited: () => ({ retry_after: 17 }),
  source_unavailable: () => ({ estimated_recovery_at: inAnHour() }),
  internal_error: () => ({}),
  payment_unavailable: () => ({ retry_after: 5 }),
  endpoint_not_found: () => ({}),
};

function failingEndpoint(error: unknown) {
  return defineEndpoint({
    name: "GET /test",
    response: z.object({ ok: z.literal(true) }),
    parse: () => null,
    run: () => {
      throw error;
    },
  });
}

describe("defineEndpoint error envelope", () => {
  it.each(ERROR_CODES.map((code) => [code]))("%s", async (code) => {
    const extra = details[code]();
    const result = await callRoute(failingEndpoint(new ServiceError(code, `about ${code}`, extra)), "/test", {
      headers: { ...sandbox, "x-service-tag": "tag-1" },
    });
    const { parameter, ...rest } = extra;
    expectErrorEnvelope(result, { code, message: `about ${code}`, parameter, extra: rest, sandbox: true, tag: "tag-1" });
    if (code === "rate_limited") expect(result.headers.get("retry-after")).toBe("17");
    else if (code === "payment_unavailable") expect(result.headers.get("retry-after")).toBe("5");
    else if (code === "source_unavailable") {
      const seconds = Number(result.headers.get("retry-after"));
      expect(seconds).toBeGreaterThan(3590);
      expect(seconds).toBeLessThanOrEqual(3600);
    } else expect(result.headers.get("retry-after")).toBeNull();
    expect(result.headers.get("cache-control")).toBe("no-store");
  });

  it("turns an unexpected exception into internal_error without its message, and logs it with the request id", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const result = await callRoute(failingEndpoint(new Error("connect ECONNREFUSED 10.0.0.7:5432 password=hunter2")), "/test");
      expectErrorEnvelope(result, { code: "internal_error", message: "Nothing was charged" });
      expect(result.text).not.toContain("hunter2");
      expect(result.text).not.toContain("ECONNREFUSED");
      expect(log).toHaveBeenCalledTimes(1);
      expect(String(log.mock.calls[0]![0])).toContain(result.body.meta.request_id);
    } finally {
      log.mockRestore();
    }
  });

  it("never sends a success body that breaks the contract: it answers 500 instead", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const endpoint = defineEndpoint({
        name: "GET /test",
        response: z.strictObject({ ok: z.literal(true) }),
        parse: () => null,
        run: () => ({ ok: true, secret_internal_field: "x" }) as unknown as { ok: true },
      });
      const result = await callRoute(endpoint, "/test");
      expectErrorEnvelope(result, { code: "internal_error" });
      expect(result.text).not.toContain("secret_internal_field");
    } finally {
      log.mockRestore();
    }
  });

  it("resolves the sandbox switch from the query or the header, and refuses other values", async () => {
    const endpoint = defineEndpoint({
      name: "GET /test",
      response: z.object({ sandbox: z.boolean() }),
      parse: () => null,
      run: (_input, { meta }) => ({ sandbox: meta.sandbox }),
    });
    expect((await callRoute(endpoint, "/test")).body).toEqual({ sandbox: false });
    expect((await callRoute(endpoint, "/test?test=1")).body).toEqual({ sandbox: true });
    expect((await callRoute(endpoint, "/test", { headers: sandbox })).body).toEqual({ sandbox: true });
    for (const [path, headers] of [["/test?test=0", {}], ["/test?test=true", {}], ["/test", { "x-service-test": "0" }]] as const) {
      expectErrorEnvelope(await callRoute(endpoint, path, { headers }), { code: "invalid_parameter", parameter: "test", message: "test=1" });
    }
  });

  it("asks for payment only after the input parsed, and never in sandbox", async () => {
    const run = vi.fn(() => ({ ok: true as const }));
    const parse = vi.fn((request: Request) => {
      if (new URL(request.url).searchParams.get("bad")) throw new ServiceError("invalid_parameter", "bad", { parameter: "bad" });
      return null;
    });
    const endpoint = defineEndpoint({
      name: "GET /test",
      response: z.object({ ok: z.literal(true) }),
      price: () => ({ queries: 1, description: "A test" }),
      parse,
      run,
    });
    expectErrorEnvelope(await callRoute(endpoint, "/test?bad=1"), { code: "invalid_parameter", parameter: "bad" });
    expectErrorEnvelope(await callRoute(endpoint, "/test"), { code: "payment_required" });
    expect(run).not.toHaveBeenCalled();
    expect((await callRoute(endpoint, "/test?test=1")).status).toBe(200);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe("links in responses", () => {
  const endpoint = defineEndpoint({
    name: "GET /test",
    response: z.object({}),
    parse: () => {
      throw new ServiceError("invalid_parameter", "x", { parameter: "x" });
    },
    run: () => ({}),
  });
  const docsOf = async (headers: Record<string, string>) =>
    (await endpoint(new Request("http://localhost:3000/test", { headers })).then((r) => r.json())).error.documentation_url as string;

  it("come from the deployment, never from the Host or X-Forwarded-Host a caller writes", async () => {
    expect(await docsOf({})).toBe("http://localhost:3000/docs/errors#invalid_parameter");
    expect(await docsOf({ host: "127.0.0.1:4100" })).toBe("http://localhost:3000/docs/errors#invalid_parameter");
    expect(await docsOf({ host: "internal:3000", "x-forwarded-host": "api.example.com", "x-forwarded-proto": "https" })).toBe(
      "http://localhost:3000/docs/errors#invalid_parameter",
    );
  });

  it("ignore a malformed host rather than echo it", async () => {
    expect(await docsOf({ "x-forwarded-host": "evil.example/<script>" })).toBe("http://localhost:3000/docs/errors#invalid_parameter");
  });
});

// The two tool error classes the fixtures cannot produce: a rate limit and an unexpected failure.
import { describe, expect, it, vi } from "vitest";
import { POST } from "@/app/v2/mcp/route";
import { ServiceError } from "@/lib/errors";
import { TOOL_ERROR_CODES } from "@/lib/mcp/rpc-errors";
import { callRoute, sandbox } from "../helpers/call-route";

vi.mock("@/lib/limits/limit-sandbox", () => ({
  limitSandbox: async (request: Request) => {
    const who = request.headers.get("x-forwarded-for");
    if (who === "limited") throw new ServiceError("rate_limited", "Sandbox requests are limited. Retry in 12 s.", { retry_after: 12 });
    if (who === "broken") throw new Error("database password=hunter2 unreachable");
  },
  clientAddress: () => "test",
}));

const call = (who: string) =>
  callRoute(POST, "/v2/mcp", {
    body: { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "service_case_query", arguments: { case_id: "1:22-cr-00123", court_code: "dcd" } } },
    headers: { ...sandbox, "x-forwarded-for": who },
  });

describe("MCP tool failures", () => {
  it("answers rate_limited with retry_after in data", async () => {
    const result = await call("limited");
    expect(result.status).toBe(200);
    expect(result.body.error).toMatchObject({ code: TOOL_ERROR_CODES.rate_limited, data: { code: "rate_limited", retry_after: 12 } });
  });

  it("answers internal_error without leaking the cause", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const result = await call("broken");
    log.mockRestore();
    expect(result.body.error).toMatchObject({ code: TOOL_ERROR_CODES.internal_error, data: { code: "internal_error" } });
    expect(result.text).not.toContain("hunter2");
  });
});

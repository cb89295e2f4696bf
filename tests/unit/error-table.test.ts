import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/contract";
import { ERROR_STATUS, ServiceError, documentationUrl } from "@/lib/errors";
import { headingId } from "@/lib/docs/render-doc";
import { TOOL_ERROR_CODES } from "@/lib/mcp/rpc-errors";

describe("error code table", () => {
  it("maps exactly the contract's codes to the statuses of DECISIONS.md", () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    expect(ERROR_STATUS).toEqual({
      invalid_parameter: 400,
      invalid_last_checked: 400,
      invalid_case_id: 400,
      payment_required: 402,
      court_not_found: 404,
      case_not_found: 404,
      method_not_allowed: 405,
      batch_too_large: 413,
      court_not_covered: 422,
      rate_limited: 429,
      source_unavailable: 503,
      internal_error: 500,
      payment_unavailable: 503,
      endpoint_not_found: 404,
    });
  });

  it("gives each code its own JSON-RPC server-error code", () => {
    const codes = Object.values(TOOL_ERROR_CODES);
    expect(Object.keys(TOOL_ERROR_CODES).sort()).toEqual([...ERROR_CODES].sort());
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code <= -32000 && code >= -32099).toBe(true);
  });

  it("has one anchor per code in docs/errors.md", () => {
    const markdown = readFileSync(path.join(process.cwd(), "docs/errors.md"), "utf8");
    const anchors = [...markdown.matchAll(/^#{2,3}\s+(.+)$/gm)].map((match) => headingId(match[1]!));
    for (const code of ERROR_CODES) {
      expect(anchors, code).toContain(code);
      expect(documentationUrl("https://api.example", code)).toBe(`https://api.example/docs/errors#${code}`);
    }
  });

  it("prefixes batch errors with the query index", () => {
    const error = new ServiceError("invalid_case_id", "bad id", { parameter: "case_id" }).forQuery(3);
    expect(error.message).toBe("queries[3]: bad id");
    expect(error.details).toEqual({ parameter: "queries[3].case_id", query_index: 3 });
    expect(error.status).toBe(400);
  });
});

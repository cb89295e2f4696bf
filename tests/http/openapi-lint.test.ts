// Issue 17's finding 5 (the OpenAPI half) against `next start`: the served document is clean under Redocly's
// recommended ruleset (@redocly/cli, run on the document as served), describes x402 as security schemes with
// their headers, declares the sandbox switch, names its components and describes every parameter.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { ROOT } from "../helpers/start-next";

type Operation = { security?: unknown[]; parameters?: Array<{ name: string; in: string; description?: string }>; responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> };

async function servedDocument(): Promise<Record<string, any>> {
  const response = await fetch(`${inject("baseUrl")}/v2/openapi.json`);
  expect(response.status).toBe(200);
  return response.json();
}

describe("the OpenAPI document", () => {
  it("has no errors and no warnings under Redocly's recommended rules", async () => {
    const document = await servedDocument();
    const dir = mkdtempSync(path.join(tmpdir(), "court-docket-openapi-"));
    try {
      const file = path.join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(document));
      const lint = spawnSync(path.join(ROOT, "node_modules/.bin/redocly"), ["lint", file, "--extends", "recommended", "--format", "json"], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        timeout: 60_000,
      });
      const report = JSON.parse(lint.stdout.slice(lint.stdout.indexOf("{"))) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string }> };
      expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      expect(lint.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it("describes x402 as security schemes, and which operations need a payment", async () => {
    const document = await servedDocument();
    expect(document.components.securitySchemes).toMatchObject({
      x402: { type: "apiKey", in: "header", name: "PAYMENT-SIGNATURE" },
      x402v1: { type: "apiKey", in: "header", name: "X-PAYMENT" },
    });
    const caseOperation = document.paths["/v2/case"].get as Operation;
    // Paid: an x402 payment, or nothing in the sandbox.
    expect(caseOperation.security).toEqual([{ x402: [] }, { x402v1: [] }, {}]);
    expect((document.paths["/v2/status"].get as Operation).security).toEqual([]);
  });

  it("declares test, describes every parameter, and refers to named components", async () => {
    const document = await servedDocument();
    for (const [pathName, item] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const parameters = operation.parameters ?? [];
        expect(parameters.some((parameter) => parameter.name === "test" && parameter.in === "query"), `${method} ${pathName}`).toBe(true);
        for (const parameter of parameters) expect(parameter.description, `${method} ${pathName} ${parameter.name}`).toBeTruthy();
      }
    }
    expect(document.paths["/v2/case"].get.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/CaseResponse" });
    expect(document.paths["/v2/cases/batch"].post.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/BatchRequest" });
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(["CaseResponse", "DocketEntry", "ErrorEnvelope", "BatchResponse", "Court"]));
    expect(document.info.license).toMatchObject({ name: "MIT" });
  });
});

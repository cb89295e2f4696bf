// A TypeScript file outside the app (tests/consumer/typed-client.ts) imports the published contract and
// calls the running server with ts-rest's client: it must type-check on its own and get typed answers.
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createServiceClient } from "@/contract/client.ts";

const root = process.cwd();
const consumer = path.join(root, "tests/consumer");
const tsc = path.join(root, "node_modules/.bin/tsc");
const tsx = path.join(root, "node_modules/.bin/tsx");
const probe = path.join(consumer, "wrong-usage.ts");

describe("typed ts-rest client from outside the app", () => {
  afterEach(() => rmSync(probe, { force: true }));

  it("type-checks against the published contract", () => {
    const result = spawnSync(tsc, ["-p", path.join(consumer, "tsconfig.json")], { encoding: "utf8" });
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it("is really typed: a wrong parameter value or a misread field fails type-checking", () => {
    writeFileSync(
      probe,
      [
        'import { initClient } from "@ts-rest/core";',
        'import { contract } from "court-docket-api/contract";',
        'const client = initClient(contract, { baseUrl: "http://localhost" });',
        'const wrong = await client.getCase({ query: { case_id: "1:23-cv-04567", court_code: "nysd", context: "everything" } });',
        "if (wrong.status === 200) { const n: number = wrong.body.case.case_name; console.log(n); }",
      ].join("\n"),
    );
    const result = spawnSync(tsc, ["-p", path.join(consumer, "tsconfig.json")], { encoding: "utf8" });
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain("wrong-usage.ts(4,");
    expect(result.stdout).toMatch(/"everything"/);
    expect(result.stdout).toContain("wrong-usage.ts(5,");
  });

  it("calls the running server and gets the answers the contract promises", () => {
    const result = spawnSync(tsx, [path.join(consumer, "typed-client.ts"), inject("baseUrl")], { encoding: "utf8", cwd: root });
    expect(result.status, result.stderr).toBe(0);
    const seen = JSON.parse(result.stdout.trim().split("\n").at(-1)!);
    expect(seen).toEqual({
      courts: expect.any(Number),
      api_version: "2.1.0",
      case_name: "Harborline Logistics LLC v. Meridian Data Systems, Inc.",
      tag: "typed-client",
      docket_length: 146,
      delta_count: 5,
      delta_listed: 2,
      monitor_count: 5,
      not_found_code: "case_not_found",
      batch_successful: 2,
      batch_second_name: "Pêcheries Maple Ridge Ltée c. Sa Majesté le Roi",
      wallet: "0x5A4D8b6C0d7F3a9E1b2C4d6E8f0A1b3C5d7E9f10",
      deliveries: ["failed", "failed", "failed"],
      unpaid_status: 402,
      unpaid_code: "payment_required",
    });
    expect(seen.courts).toBeGreaterThan(200);
  });

  it("createServiceClient sends a tag beyond Latin-1 as UTF-8, and the running server echoes it", async () => {
    const api = createServiceClient({ baseUrl: inject("baseUrl"), sandbox: true, tag: "東京" });
    const answer = await api.getCase({ query: { case_id: "23-15678", court_code: "ca9" } });
    expect(answer.status).toBe(200);
    expect(answer.status === 200 && answer.body.meta.tag).toBe("東京");
  });
});

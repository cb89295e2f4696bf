// The published client package, consumed the way an outside project would: packed with
// `npm run pack:client`, installed with npm into an empty project next to zod and @ts-rest/core, type-checked
// with its own tsconfig, and run against the running server (sandbox).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const root = process.cwd();
let project: string;

const CONSUMER = `
import { createServiceClient } from "court-docket-api/client";
import { verifyDelivery, signDeliveryBody } from "court-docket-api/callbacks";
import type { CaseResponse } from "court-docket-api/contract";

const api = createServiceClient({ baseUrl: "BASE_URL", sandbox: true, tag: "outside-project" });
const answer = await api.getCase({ query: { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-15T00:00:00Z" } });
if (answer.status !== 200) throw new Error("status " + answer.status);
const body: CaseResponse = answer.body;
const batch = await api.batchCases({ body: { queries: [{ case_id: "23-15678", court_code: "ca9" }] } });
const status = await api.getStatus();
// Live (no sandbox) and unpaid: the 402 is typed, its envelope included.
const unpaid = await createServiceClient({ baseUrl: "BASE_URL" }).monitorCase({ query: { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-15T00:00:00Z" } });
const refusal: string = unpaid.status === 402 ? unpaid.body.error.code : "not 402: " + unpaid.status;
const secret = "ab".repeat(32);
const signed = verifyDelivery({
  rawBody: "{}",
  headers: { "x-service-signature": signDeliveryBody(secret, "{}"), "x-service-signature-key-id": "k", "x-service-timestamp": String(Math.floor(Date.now() / 1000)) },
  secrets: { k: secret },
});
console.log(JSON.stringify({
  tag: body.meta.tag,
  changes: body.delta?.change_count,
  batch: batch.status === 200 ? batch.body.meta.successful : null,
  courts: status.status === 200 ? status.body.courts.length > 200 : null,
  verified: signed.ok,
  refusal,
}));
`;

describe("the client package from outside", () => {
  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), "court-docket-consumer-"));
    const tarball = execFileSync("npx", ["tsx", path.join(root, "scripts/pack-client.ts"), project], { cwd: root, encoding: "utf8" }).trim().split("\n").at(-1)!;
    const versions = JSON.parse(execFileSync("node", ["-p", "JSON.stringify(require('./package.json'))"], { cwd: root, encoding: "utf8" })) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    writeFileSync(
      path.join(project, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, outDir: "out", types: [] }, include: ["main.ts"] }),
    );
    writeFileSync(path.join(project, "main.ts"), CONSUMER.replaceAll("BASE_URL", inject("baseUrl")));
    const install = spawnSync(
      "npm",
      [
        "install",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        tarball,
        `typescript@${versions.devDependencies.typescript}`,
        `@types/node@${versions.devDependencies["@types/node"]}`,
      ],
      { cwd: project, encoding: "utf8" },
    );
    if (install.status !== 0) throw new Error(install.stderr);
  }, 180_000);

  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("installs with zod and @ts-rest/core only (no Next, no Prisma)", () => {
    const tree = execFileSync("npm", ["ls", "--all", "--parseable"], { cwd: project, encoding: "utf8" });
    expect(tree).toContain(`${path.sep}zod`);
    expect(tree).toContain(`${path.sep}@ts-rest${path.sep}core`);
    expect(tree).not.toMatch(/[/\\]next$|[/\\]next[/\\]|@prisma|pglite/m);
  });

  it("ships a license and no source map that points at a missing file", () => {
    const installed = path.join(project, "node_modules", "court-docket-api");
    expect(JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")).license).toBe("MIT");
    expect(readFileSync(path.join(installed, "LICENSE"), "utf8")).toMatch(/^MIT License/);
    const files = readdirSync(installed, { recursive: true }).map(String);
    expect(files.filter((file) => file.endsWith(".map"))).toEqual([]);
    for (const file of files.filter((name) => /\.(js|d\.ts)$/.test(name))) {
      expect(readFileSync(path.join(installed, file), "utf8"), file).not.toContain("sourceMappingURL");
    }
  });

  it("type-checks with skipLibCheck false but for @ts-rest/core's own declarations (written for zod 3)", () => {
    const strict = spawnSync(path.join(project, "node_modules/.bin/tsc"), ["-p", ".", "--skipLibCheck", "false", "--noEmit"], { cwd: project, encoding: "utf8" });
    const errors = strict.stdout.split("\n").filter((line) => / error TS\d+/.test(line));
    // Our declarations and the consumer's code are clean; the only errors are inside @ts-rest/core's .d.ts
    // files, which name zod 3 types (ZodNativeEnum, AnyZodObject, objectOutputType) that zod 4 no longer has.
    expect(errors.filter((line) => !line.startsWith("node_modules/@ts-rest/core/"))).toEqual([]);
  });

  it("type-checks in a Node project without the DOM library (lib ES2023, types node), skipLibCheck false", () => {
    writeFileSync(
      path.join(project, "tsconfig.node.json"),
      JSON.stringify({
        compilerOptions: { target: "ES2022", lib: ["ES2023"], types: ["node"], module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: false, noEmit: true },
        include: ["main.ts"],
      }),
    );
    const compile = spawnSync(path.join(project, "node_modules/.bin/tsc"), ["-p", "tsconfig.node.json"], { cwd: project, encoding: "utf8" });
    const errors = compile.stdout.split("\n").filter((line) => / error TS\d+/.test(line));
    // As above, @ts-rest/core's own declarations are the only ones allowed to fail: ours name no DOM type
    // (RequestCache, ...) that a Node project without lib "dom" lacks.
    expect(errors.filter((line) => !line.startsWith("node_modules/@ts-rest/core/"))).toEqual([]);
  });

  it("exports its package.json, as the app's manifest does (tools read the installed version through it)", () => {
    const read = spawnSync("node", ["--input-type=module", "-e", 'import { createRequire } from "node:module"; console.log(createRequire(import.meta.url)("court-docket-api/package.json").version);'], {
      cwd: project,
      encoding: "utf8",
    });
    expect(read.status, read.stderr).toBe(0);
    expect(read.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version);
  });

  it("type-checks and answers from the running server", () => {
    const compile = spawnSync(path.join(project, "node_modules/.bin/tsc"), ["-p", "."], { cwd: project, encoding: "utf8" });
    expect(compile.status, compile.stdout + compile.stderr).toBe(0);
    const run = spawnSync("node", [path.join(project, "out", "main.js")], { cwd: project, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim())).toEqual({ tag: "outside-project", changes: 5, batch: 1, courts: true, verified: true, refusal: "payment_required" });
  });

  it("is required from a CommonJS project too (Node >= 20.19 loads the ES modules through require)", () => {
    const script =
      `const { createServiceClient } = require("court-docket-api/client");\n` +
      `const { verifyDelivery } = require("court-docket-api/callbacks");\n` +
      `const { contract } = require("court-docket-api/contract");\n` +
      `createServiceClient({ baseUrl: ${JSON.stringify(inject("baseUrl"))}, sandbox: true }).getStatus().then((answer) =>\n` +
      `  console.log(JSON.stringify({ status: answer.status, verify: typeof verifyDelivery, getCase: contract.getCase.path })));\n`;
    writeFileSync(path.join(project, "main.cjs"), script);
    const run = spawnSync("node", ["--no-warnings", "main.cjs"], { cwd: project, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim())).toEqual({ status: 200, verify: "function", getCase: "/v2/case" });
  });
});

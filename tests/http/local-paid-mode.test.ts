// A paid answer in two commands (issue 17, finding 6): the README's local payment mode (`npm run dev:paid`,
// here with --start: the same script serving the suite's build instead of `next dev`), then `npm run pay`,
// and the quick start's payment snippet run exactly as docs/quickstart.md prints it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalPayments } from "../../scripts/local-payments/state";
import { ROOT, freePort } from "../helpers/start-next";

let mode: ChildProcess | undefined;
let dir: string;
let apiUrl: string;
const stateFile = () => path.join(dir, "local-payments.json");

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "court-docket-local-paid-"));
  const port = await freePort();
  apiUrl = `http://localhost:${port}`;
  mode = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/dev-paid.ts", "--start", "-p", String(port)], {
    cwd: ROOT,
    env: { ...process.env, LOCAL_PAYMENTS_FILE: stateFile(), PGLITE_DATA_DIR: path.join(dir, "pglite"), DATABASE_URL: "", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${apiUrl}/v2/status`)).ok) break;
    } catch {
      // not listening yet
    }
    if (mode.exitCode !== null) throw new Error(`npm run dev:paid exited with ${mode.exitCode}`);
    if (Date.now() > deadline) throw new Error("the local payment mode did not answer within 90 s");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 120_000);

afterAll(async () => {
  if (mode && mode.exitCode === null) {
    const exited = new Promise((resolve) => mode!.once("exit", resolve));
    mode.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  rmSync(dir, { recursive: true, force: true });
});

describe("the local payment mode", () => {
  it("answers 402 with its local chain's terms, and `npm run pay` gets the paid answer and its settlement", async () => {
    const unpaid = await fetch(`${apiUrl}/v2/case?case_id=1:23-cv-04567&court_code=nysd`);
    expect(unpaid.status).toBe(402);
    const pay = spawnSync("npm", ["run", "--silent", "pay", "--", `${apiUrl}/v2/case?case_id=1:23-cv-04567&court_code=nysd`], {
      cwd: ROOT,
      env: { ...process.env, LOCAL_PAYMENTS_FILE: stateFile() },
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(pay.status, pay.stderr).toBe(0);
    expect(pay.stdout).toMatch(/^HTTP 200$/m);
    expect(pay.stdout).toContain('"query_cost_usd": 0.99');
    expect(pay.stdout).toMatch(/^PAYMENT-RESPONSE: \S+$/m);
    expect(pay.stdout).toMatch(/settlement: \{"success":true,"transaction":"0x[0-9a-f]{64}"/);
  }, 120_000);

  it("runs the quick start's payment snippet as written against it", async () => {
    const quickstart = readFileSync(path.join(ROOT, "docs/quickstart.md"), "utf8");
    const section = quickstart.slice(quickstart.indexOf("## 4. Pay"));
    const snippet = /```ts\n([\s\S]*?)```/.exec(section)![1]!;
    const state = JSON.parse(readFileSync(stateFile(), "utf8")) as LocalPayments;
    // In the project folder, so its imports resolve as in an agent's project that installed the same packages.
    const file = path.join(ROOT, `.quickstart-snippet-${process.pid}.mts`);
    writeFileSync(file, snippet);
    try {
      const run = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), [file], {
        cwd: ROOT,
        env: { ...process.env, API_URL: apiUrl, PAY_NETWORK: state.network, PAY_ASSET: state.asset, PAY_PRIVATE_KEY: state.devWallet.privateKey },
        encoding: "utf8",
        timeout: 90_000,
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^200 0\.99 \S+/);
    } finally {
      rmSync(file, { force: true });
    }
  }, 120_000);
});

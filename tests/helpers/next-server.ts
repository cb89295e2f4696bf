// Global setup of the "http" project: build the app once and serve it with `next start` on a free
// port, on a fresh embedded database, like `npm run build && npm start` on a fresh clone.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export async function setup(project: TestProject): Promise<void> {
  const root = path.resolve(import.meta.dirname, "../..");
  if (process.env.TEST_SKIP_BUILD !== "1") {
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (build.status !== 0) throw new Error("npm run build failed");
  }
  dataDir = mkdtempSync(path.join(tmpdir(), "court-docket-http-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // The served app runs on its embedded database, as `npm run dev` does on a fresh clone.
  delete env.DATABASE_URL;
  delete env.PUBLIC_BASE_URL;
  server = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/v2/status`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error("next start did not answer within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  project.provide("baseUrl", baseUrl);
}

export async function teardown(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (server.exitCode === null) server.kill("SIGKILL");
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

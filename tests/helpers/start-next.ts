// Builds the app (unless asked not to) and serves it with `next start` on a free port, on a fresh
// embedded database: what `npm run build && npm start` does on a fresh clone. Used by the HTTP tests
// and the benchmark.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  /** The server process (for memory readings). */
  pid: number;
  stop(): Promise<void>;
}

export interface StartNextOptions {
  build: boolean;
  /** Extra environment for the server (the build always runs with the caller's environment). */
  env?: Record<string, string>;
  /** Where the server's output goes. */
  stdio?: "inherit" | "ignore";
  /** Another Next.js app to serve, already built (the benchmark's bare baseline); default this project. */
  appDir?: string;
  /** What answers once the app is up (default /v2/status). */
  readyPath?: string;
}

export async function startNext({ build, env = {}, stdio = "inherit", appDir, readyPath = "/v2/status" }: StartNextOptions): Promise<RunningServer> {
  if (build) {
    // Not spawnSync: this runs in vitest's main process (the http project's global setup), whose event loop
    // must keep answering the in-process project's workers while the build takes its minutes.
    const builder = spawn("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", stdio, stdio], env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    const status = await new Promise<number | null>((resolve, reject) => {
      builder.once("error", reject);
      builder.once("exit", (code) => resolve(code));
    });
    if (status !== 0) throw new Error(`npm run build failed (exit ${status})`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "court-docket-next-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: "1",
    ...env,
  };
  // The served app runs on its embedded database, as `npm run dev` does on a fresh clone, unless the
  // caller names a PostgreSQL for it.
  if (!env.DATABASE_URL) delete serverEnv.DATABASE_URL;
  // The origin its links name, as a deployment configures it (required when it takes payments).
  serverEnv.PUBLIC_BASE_URL = env.PUBLIC_BASE_URL ?? baseUrl;
  const server: ChildProcess = spawn(path.join(ROOT, "node_modules/.bin/next"), ["start", ...(appDir ? [appDir] : []), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: serverEnv,
    stdio: ["ignore", stdio, stdio],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}${readyPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error("next start did not answer within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    pid: server.pid!,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (server.exitCode === null) server.kill("SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

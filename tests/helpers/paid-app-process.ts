// Starts tests/helpers/paid-app-server.ts as a child process (the paid routes over HTTP), on a database
// and a chain the test names, so that a test can SIGKILL it mid-settlement and start it again.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { ROOT, freePort } from "./start-next";

export interface PaidAppProcess {
  baseUrl: string;
  /** Resolves with the start-up reconciliation's summary line. */
  reconciled: Promise<string>;
  /** Output so far (for failure messages). */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** `port`: listen there (a restart on the port of the process it replaces); default a free one. */
export async function startPaidAppProcess(env: Record<string, string>, port?: number): Promise<PaidAppProcess> {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "tests/helpers/paid-app-server.ts")], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: String(chosen), PUBLIC_BASE_URL: `http://127.0.0.1:${chosen}`, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  let resolveReconciled: (line: string) => void = () => undefined;
  const reconciled = new Promise<string>((resolve) => (resolveReconciled = resolve));
  const listening = new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the paid app exited with ${code} before listening:\n${log}`)));
    const read = (chunk: Buffer) => {
      log += chunk.toString("utf8");
      const port = /listening (\d+)/.exec(log);
      if (port) resolve(Number(port[1]));
      const summary = /reconciled (.*)/.exec(log);
      if (summary) resolveReconciled(summary[1]!);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
  });
  const listeningPort = await Promise.race([
    listening,
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`the paid app did not listen within 60 s:\n${log}`)), 60_000)),
  ]);
  return {
    baseUrl: `http://127.0.0.1:${listeningPort}`,
    reconciled,
    output: () => log,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      await exited;
    },
  };
}

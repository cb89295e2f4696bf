// `npm ci` refuses a lockfile that lacks any package's optional dependency, and the registry this project
// is built against has no other-platform binaries (EDR's, @next/swc's for some versions), so `npm install`
// here silently leaves them out. CI would then fail before running a test; this says why, and where.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(path.join(process.cwd(), "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };

/** Node's resolution from a package's folder: its own node_modules, then each parent's. */
function resolves(from: string, name: string): boolean {
  let folder = from;
  for (;;) {
    if (lock.packages[`${folder ? `${folder}/` : ""}node_modules/${name}`]) return true;
    if (!folder) return false;
    const parent = folder.lastIndexOf("/node_modules/");
    folder = parent === -1 ? "" : folder.slice(0, parent);
  }
}

describe("package-lock.json", () => {
  it("has an entry for every optional dependency of every locked package (npm ci needs them all)", () => {
    const missing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolves(location, name)) missing.push(`${name} (optional dependency of ${location || "the project"})`);
      }
    }
    expect(missing, "add lock entries with os/cpu and optional: true (README, 'The lockfile')").toEqual([]);
  });
});

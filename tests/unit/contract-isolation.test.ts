// The published contract must not pull in Next, Prisma or the app: clients import it alone.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? jsFiles(full) : full.endsWith(".js") ? [full] : [];
  });
}

describe("contract package entry", () => {
  const dist = path.join(process.cwd(), "dist/contract");

  it("is exported from package.json with types", () => {
    const pkg = JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8"));
    expect(pkg.exports["./contract"]).toEqual({
      types: "./dist/contract/index.d.ts",
      import: "./dist/contract/index.js",
      default: "./dist/contract/index.js",
    });
  });

  it("imports only zod, @ts-rest/core and its own files (the callbacks helper: node:crypto)", () => {
    const files = jsFiles(dist).filter((file) => !file.includes(`${path.sep}callbacks${path.sep}`));
    expect(files.length).toBeGreaterThan(5);
    const external = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(file, "utf8").matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/gm)) {
        if (!match[1]!.startsWith(".")) external.add(match[1]!);
      }
    }
    expect([...external].sort()).toEqual(["@ts-rest/core", "zod"]);
  });

  it("publishes the receiver helper as court-docket-api/callbacks", async () => {
    const loaded = await import("court-docket-api/callbacks");
    expect(typeof loaded.verifyDelivery).toBe("function");
    expect(typeof loaded.signDeliveryBody).toBe("function");
  });

  it("loads in plain Node by its package name", async () => {
    const loaded = await import("court-docket-api/contract");
    expect(Object.keys(loaded.contract).sort()).toEqual(
      ["batchCases", "getCase", "getStatus", "getWalletKeys", "listWalletDeliveries", "mcp", "monitorCase", "rotateWalletKey"].sort(),
    );
  });
});

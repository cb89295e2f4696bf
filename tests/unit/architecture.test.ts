// Structural rules of DESIGN.md that a reviewer would otherwise have to re-check by hand.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contract } from "@/contract";
import { SANDBOX_CASES, SANDBOX_ERROR_FIXTURES } from "@/lib/sandbox/cases";

const root = process.cwd();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "generated") return [];
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm)].map(
    (match) => match[1] ?? match[2]!,
  );
}

describe("architecture", () => {
  it("lib/ never imports app/ or Next", () => {
    const offenders = sourceFiles(path.join(root, "lib")).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec === "next" || spec.startsWith("next/") || spec.startsWith("@/app") || spec.includes("/app/"))
        .map((spec) => `${path.relative(root, file)} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("contract/ imports only zod, @ts-rest/core and itself (and node:crypto in the callbacks helper)", () => {
    const external = new Set(
      sourceFiles(path.join(root, "contract"))
        .filter((file) => !file.includes(`${path.sep}callbacks${path.sep}`))
        .flatMap((file) => importsOf(file).filter((spec) => !spec.startsWith("."))),
    );
    expect([...external].sort()).toEqual(["@ts-rest/core", "zod"]);
    const callbacks = sourceFiles(path.join(root, "contract", "callbacks")).flatMap((file) => importsOf(file));
    expect(new Set(callbacks)).toEqual(new Set(["node:crypto"]));
  });

  it("every contract endpoint has a route handler for its method, and answers 405 in the envelope for the others", async () => {
    const methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
    const allowedByPath = new Map<string, string[]>();
    for (const route of Object.values(contract)) {
      allowedByPath.set(route.path, [...(allowedByPath.get(route.path) ?? []), route.method]);
    }
    for (const [routePath, allowed] of allowedByPath) {
      const file = path.join(root, "app", routePath, "route.ts");
      expect(existsSync(file), file).toBe(true);
      const module = (await import(/* @vite-ignore */ file)) as Record<string, (request: Request) => Promise<Response>>;
      // A GET route that exports no HEAD is answered HEAD by Next (running GET): Allow must name it too.
      const served = allowed.includes("GET") && typeof module.HEAD !== "function" ? [...allowed, "HEAD"] : allowed;
      for (const method of methods) {
        expect(typeof module[method], `${routePath} handles ${method}`).toBe("function");
        if (allowed.includes(method)) continue;
        const response = await module[method]!(new Request(`http://localhost${routePath}`, { method }));
        const body = await response.json();
        expect(response.status, `${method} ${routePath}`).toBe(405);
        expect(body.error.code).toBe("method_not_allowed");
        expect(response.headers.get("allow"), `${method} ${routePath}`).toBe(served.join(", "));
      }
    }
  });

  it("route files only wire: no logic beyond the endpoint definition", () => {
    for (const file of sourceFiles(path.join(root, "app", "v2"))) {
      const lines = readFileSync(file, "utf8").split("\n").length;
      expect(lines, path.relative(root, file)).toBeLessThan(45);
    }
  });
});

describe("sandbox fixtures", () => {
  it.each(SANDBOX_CASES.map((fixture) => [`${fixture.court_code} ${fixture.case_id}`, fixture] as const))(
    "%s numbers each docket entry once",
    (_name, fixture) => {
      const numbers = fixture.entries.map((entry) => entry.entry_number).filter((number) => number !== null);
      expect(new Set(numbers).size).toBe(numbers.length);
    },
  );
});

describe("docs/sandbox.md", () => {
  const markdown = readFileSync(path.join(root, "docs/sandbox.md"), "utf8");
  const rows = [...markdown.matchAll(/^\| `([^`]+)` \| `([^`]+)` \|/gm)].map((match) => `${match[2]} ${match[1]}`);

  it("lists every fixture case and every error fixture in a table with case_id and court_code", () => {
    expect(markdown).toMatch(/^\| case_id \| court_code \|/m);
    const expected = [
      ...SANDBOX_CASES.map((fixture) => `${fixture.court_code} ${fixture.case_id}`),
      ...Object.values(SANDBOX_ERROR_FIXTURES).map((fixture) => `${fixture.court_code} ${fixture.case_id}`),
    ];
    expect([...rows].sort()).toEqual([...expected].sort());
  });
});

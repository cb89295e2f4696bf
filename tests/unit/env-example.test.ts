// docs/configuration.md says .env.example lists the same variables as lib/env.ts: checked here, so a new
// setting cannot be added to one and forgotten in the other (31 were missing).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

describe(".env.example", () => {
  it("names every variable lib/env.ts reads, and nothing else", () => {
    const parsed = [...read("lib/env.ts").matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
    expect(parsed.length).toBeGreaterThan(40);
    const example = read(".env.example");
    const missing = parsed.filter((name) => !new RegExp(`\\b${name}\\b`).test(example));
    expect(missing).toEqual([]);
    const named = [...example.matchAll(/^# ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!);
    expect(named.filter((name) => !parsed.includes(name))).toEqual([]);
  });
});

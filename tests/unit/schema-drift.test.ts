// prisma/schema.prisma and prisma/migrations must describe the same database: the Prisma CLI replays
// the migrations on a shadow PGlite (prisma.config.ts) and diffs the result against the schema.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("Prisma schema and migrations", () => {
  it("agree (prisma migrate diff finds nothing to do)", () => {
    const prisma = path.join(process.cwd(), "node_modules/.bin/prisma");
    const result = spawnSync(
      prisma,
      ["migrate", "diff", "--from-migrations", "prisma/migrations", "--to-schema-datamodel", "prisma/schema.prisma", "--script", "--exit-code"],
      { cwd: process.cwd(), encoding: "utf8", timeout: 110_000 },
    );
    // Exit code 0: empty diff; 2: the schema has changes no migration makes; 1: error.
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toContain("empty migration");
    // Replaying every migration on a shadow PGlite takes ~10-20 s alone and more beside other files on 2 cores
    // (it went past the 30 s default): a limit for a hang, not a speed target.
  }, 120_000);
});

// The suite's in-memory PGlite databases start from a saved image of an empty cluster (tests/helpers/
// pglite-image.ts, a setup file of this project): such a database must be what initdb makes, or every
// database test would run on something other than the embedded database the app opens.
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it, vi } from "vitest";
import { openDatabase } from "@/lib/db/open-database";

const CLUSTER = [
  "SELECT datname, pg_encoding_to_char(encoding) AS encoding, datcollate, datctype FROM pg_database ORDER BY datname",
  "SELECT rolname, rolsuper FROM pg_roles WHERE rolname NOT LIKE 'pg\\_%' ORDER BY rolname",
  "SELECT name, setting FROM pg_settings WHERE name IN ('server_version', 'TimeZone', 'DateStyle', 'lc_messages', 'max_connections') ORDER BY name",
  "SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') ORDER BY 1, 2",
];

describe("in-memory PGlite from the saved image", () => {
  it("is the cluster initdb makes", async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const actual = await vi.importActual<typeof import("@electric-sql/pglite")>("@electric-sql/pglite");
    expect(PGlite.create).not.toBe(actual.PGlite.create);
    // The setup file says so when an image does not load and initdb runs instead: that must not happen here.
    const warn = vi.spyOn(console, "warn");
    const fromImage = await PGlite.create("memory://");
    const fresh = await actual.PGlite.create("memory://");
    try {
      expect(warn).not.toHaveBeenCalled();
      const saved = readdirSync(tmpdir()).filter((name) => /^court-docket-pglite-[\d.]+-empty\.tar$/.test(name));
      expect(saved, "the image is kept in the temp folder").toHaveLength(1);
      for (const sql of CLUSTER) expect((await fromImage.query(sql)).rows, sql).toEqual((await fresh.query(sql)).rows);
      expect(fromImage).toBeInstanceOf(actual.PGlite);
    } finally {
      warn.mockRestore();
      await fromImage.close();
      await fresh.close();
    }
  });

  it("opens as the app's database, empty until migrated", async () => {
    const empty = await openDatabase({ pgliteDataDir: "memory://", migrate: false });
    const migrated = await openDatabase({ pgliteDataDir: "memory://", migrate: true });
    try {
      const tables = "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'";
      expect((await empty.sql.query<{ n: number }>(tables))[0]!.n).toBe(0);
      expect((await migrated.sql.query<{ n: number }>(tables))[0]!.n).toBeGreaterThan(10);
      expect(await migrated.prisma.case.count()).toBe(0);
    } finally {
      await empty.close();
      await migrated.close();
    }
  });
});

// PostgreSQL closing the application's idle connections (a restart, an idle timeout, an operator, or a
// database dropped with FORCE): the process goes on, and the next statements run on new connections. pg
// reports such a loss as an 'error' event; unheard, it is an uncaught exception that ends the process
// (vitest fails the run on it).
import pg from "pg";
import { describe, expect, it } from "vitest";
import { DATABASE_TARGETS } from "../helpers/test-database";

const postgres = DATABASE_TARGETS.find((target) => target.name === "postgres");

describe.skipIf(!postgres)("connections lost on PostgreSQL", () => {
  it("survives the server closing every idle connection, and answers on new ones", async () => {
    const opened = await postgres!.open();
    try {
      const { db } = opened;
      await db.sql.query("SELECT 1");
      await db.prisma.case.count();
      const name = new URL(opened.url!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
      await admin.connect();
      try {
        const killed = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
        expect(killed.rowCount).toBeGreaterThanOrEqual(2); // the plain SQL pool's and Prisma's
      } finally {
        await admin.end();
      }
      // Let the terminations reach the idle clients.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await db.sql.query<{ one: number }>("SELECT 1 AS one")).toEqual([{ one: 1 }]);
      expect(await db.prisma.case.count()).toBe(0);
    } finally {
      await opened.dispose();
    }
  });
});

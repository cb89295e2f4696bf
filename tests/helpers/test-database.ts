// The databases the suite runs against: always a fresh in-memory PGlite, and a fresh PostgreSQL
// database when one answers at DATABASE_URL (CI starts one where the machine has it). Each call makes
// a new, empty database, so test files run in parallel without seeing each other's rows.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "@/lib/db/open-database";

export interface TestDatabase {
  db: Database;
  /** Connection URL of the PostgreSQL database (null on PGlite). */
  url: string | null;
  dispose(): Promise<void>;
}

export interface DatabaseTarget {
  name: "pglite" | "postgres";
  open(options?: { migrate?: boolean }): Promise<TestDatabase>;
}

/** Captured by vitest.config.ts from DATABASE_URL before the in-process project blanks it. */
const postgresUrl = process.env.TEST_POSTGRES_URL || undefined;

const pglite: DatabaseTarget = {
  name: "pglite",
  async open(options) {
    const db = await openDatabase({ pgliteDataDir: "memory://", migrate: options?.migrate ?? true });
    return { db, url: null, dispose: () => db.close() };
  },
};

const postgres = (adminUrl: string): DatabaseTarget => ({
  name: "postgres",
  async open(options) {
    const name = `court_docket_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString(), migrate: options?.migrate ?? true });
    return {
      db,
      url: url.toString(),
      async dispose() {
        await db.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        try {
          await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } finally {
          await cleanup.end();
        }
      },
    };
  },
});

export const DATABASE_TARGETS: readonly DatabaseTarget[] = postgresUrl ? [pglite, postgres(postgresUrl)] : [pglite];

/** `describe.each(EACH_DATABASE)("… on %s", (_name, target) => …)`: a suite per database target. */
export const EACH_DATABASE = DATABASE_TARGETS.map((target) => [target.name, target] as const);

/**
 * A fresh database of `target` for the enclosing describe block, disposed after it: the returned getter
 * is valid inside its tests. `onOpen` runs once it is open (e.g. to make it the app's database).
 */
export function databaseForSuite(target: DatabaseTarget, onOpen?: (opened: TestDatabase) => void): () => TestDatabase {
  let opened: TestDatabase | undefined;
  beforeAll(async () => {
    opened = await target.open();
    onOpen?.(opened);
  });
  afterAll(async () => {
    await opened?.dispose();
  });
  return () => {
    if (!opened) throw new Error("the suite's database is not open yet");
    return opened;
  };
}

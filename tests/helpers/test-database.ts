// The databases the suite runs against: always a fresh in-memory PGlite, and a fresh PostgreSQL
// database when one answers at DATABASE_URL (CI starts one where the machine has it). Each call makes
// a new, empty database, so test files run in parallel without seeing each other's rows.
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "@/lib/db/open-database";
import { createPostgresDatabase } from "./postgres-database";

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
    const database = await createPostgresDatabase(adminUrl, "court_docket_test");
    const db = await openDatabase({ databaseUrl: database.url, migrate: options?.migrate ?? true });
    return {
      db,
      url: database.url,
      async dispose() {
        await db.close();
        await database.drop();
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

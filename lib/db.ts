// The application's one database handle (DESIGN.md: "lib/db.ts is the only Prisma client").
// Kept on globalThis: Next may evaluate this module once per route bundle, and two PGlite instances on
// one data directory would corrupt it.
import { getEnv } from "./env";
import { openDatabase, type Database } from "./db/open-database";

const holder = globalThis as typeof globalThis & { __courtDocketDb?: Promise<Database> };

export function getDatabase(): Promise<Database> {
  if (!holder.__courtDocketDb) {
    const env = getEnv();
    holder.__courtDocketDb = openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDataDir: env.PGLITE_DATA_DIR,
      migrate: env.DB_AUTO_MIGRATE,
    }).catch((error: unknown) => {
      holder.__courtDocketDb = undefined; // let the next request try again
      throw error;
    });
  }
  return holder.__courtDocketDb;
}

export async function getPrisma() {
  return (await getDatabase()).prisma;
}

/**
 * Serve this process from an already opened database (tests on PGlite and PostgreSQL, benchmarks)
 * instead of the one the environment names.
 */
export function useDatabase(database: Database): void {
  holder.__courtDocketDb = Promise.resolve(database);
}

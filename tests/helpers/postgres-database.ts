// A fresh, empty PostgreSQL database next to the one an admin URL names, and its removal: for the
// database tests, the served app's PostgreSQL run and the benchmarks. No vitest imports: the global setup
// and the benchmarks use it too.
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface PostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

async function run(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL answers at `url` (within a few seconds). */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function createPostgresDatabase(adminUrl: string, prefix: string): Promise<PostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await run(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

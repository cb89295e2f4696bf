// Applies prisma/migrations/*/migration.sql in order, recording each in Prisma's own
// `_prisma_migrations` table (same columns, sha256 checksum). Used at start-up and by `npm run db:migrate`
// on PGlite and PostgreSQL alike: the Prisma CLI's engines cannot be downloaded everywhere this runs, and
// the CLI here is configured for offline authoring against PGlite (prisma.config.ts, docs/deploy.md).
import { createHash, randomUUID } from "node:crypto";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";

export interface SqlExecutor {
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/**
 * The migrations of prisma/migrations, in order. The folder is spelled out in each call (not passed in)
 * so that Next's output tracing ships exactly this folder with the server and nothing else.
 */
export async function readMigrations(): Promise<Migration[]> {
  const entries = await readdir(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true });
  const names = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(process.cwd(), "prisma", "migrations", name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Any fixed number: serializes concurrent appliers (several instances starting at once). */
const ADVISORY_LOCK_KEY = 72_610_401;

/**
 * How long an applier waits for another one's lock (or a table lock) before it gives up with an error: a
 * start-up must fail, not hang, when a stuck applier holds the lock.
 */
const LOCK_TIMEOUT = "120s";

/**
 * Returns the names of the migrations it applied. Everything happens in one transaction holding a
 * transaction-level advisory lock: behind a transaction-mode pooler (PgBouncer, Neon's or Supabase's pooled
 * URL) statements outside a transaction may each run on another server connection, so a session lock taken
 * by one and released by another stayed held by an idle connection and wedged every later start. A
 * migration that fails rolls back all of this run's work and records nothing.
 */
export async function applyMigrations(db: SqlExecutor, migrations?: Migration[]): Promise<string[]> {
  const pending = migrations ?? (await readMigrations());
  await db.exec("BEGIN");
  let current: string | null = null;
  try {
    await db.exec(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    await db.query("SELECT pg_advisory_xact_lock($1)", [ADVISORY_LOCK_KEY]);
    await db.exec(CREATE_TABLE);
    const applied = await db.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const appliedByName = new Map(applied.map((row) => [row.migration_name, row.checksum]));
    const done: string[] = [];
    for (const migration of pending) {
      const known = appliedByName.get(migration.name);
      if (known !== undefined) {
        if (known !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied (checksum mismatch).`);
        }
        continue;
      }
      current = migration.name;
      await db.exec(migration.sql);
      await db.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count, started_at)
         VALUES ($1, $2, now(), $3, 1, now())`,
        [randomUUID(), migration.checksum, migration.name],
      );
      current = null;
      done.push(migration.name);
    }
    await db.exec("COMMIT");
    return done;
  } catch (error) {
    await db.exec("ROLLBACK").catch(() => undefined);
    if (current !== null) throw new Error(`Migration ${current} failed: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
}

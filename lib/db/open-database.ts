// Opens the database: embedded PGlite by default (no server, files in PGLITE_DATA_DIR), a real
// PostgreSQL when a URL is given. Migrations are applied first, through the same applier for both.
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import { applyMigrations, type SqlExecutor } from "./apply-migrations";

export interface Database {
  prisma: PrismaClient;
  kind: "pglite" | "postgres";
  /** Plain SQL on the same database, for scripts Prisma cannot run (migrations, maintenance). */
  sql: SqlExecutor;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory, or "memory://". */
  pgliteDataDir?: string;
  migrate?: boolean;
}

/**
 * A PostgreSQL that cannot be reached says so, naming the host and what to do, instead of a bare
 * `ECONNREFUSED` (the password is never repeated).
 */
function unreachable(databaseUrl: string, error: unknown): Error {
  let where = "DATABASE_URL";
  try {
    const url = new URL(databaseUrl);
    where = `${url.hostname}:${url.port || "5432"}${url.pathname}`;
  } catch {
    // DATABASE_URL was validated at start-up; keep the variable's name if it still does not parse.
  }
  const code = (error as { code?: string } | null)?.code;
  const reason =
    code === "ECONNREFUSED" ? "the connection was refused (is PostgreSQL running there?)"
    : code === "ENOTFOUND" || code === "EAI_AGAIN" ? "the host name does not resolve"
    : code === "ETIMEDOUT" ? "the connection timed out"
    : code === "28P01" || code === "28000" ? "the user or password was refused"
    : code === "3D000" ? "that database does not exist (create it first)"
    : error instanceof Error ? error.message : String(error);
  return new Error(
    `Cannot reach the PostgreSQL database of DATABASE_URL (${where}): ${reason}. Start it, correct DATABASE_URL, or unset ` +
      "DATABASE_URL to use the embedded database (PGlite, nothing to install).",
    { cause: error },
  );
}

/**
 * Interactive transactions' defaults. Prisma's own (2 s to start, 5 s to finish) turn a busy moment into a
 * failed request: PGlite runs one transaction at a time on its single connection, so a transaction waits
 * for every one queued before it, and a wallet's key operations wait on the wallet's lock. The operations
 * that need more (snapshots, settlement) say so where they run.
 */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrate = options.migrate ?? true;
  if (options.databaseUrl) {
    if (migrate) {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      // A connection lost between two statements fails the next one; unheard, it would end the process.
      client.on("error", (error) => logEvent("warn", "database: the migration connection was lost", { detail: String(error) }));
      await client.connect().catch((error: unknown) => {
        throw unreachable(options.databaseUrl!, error);
      });
      try {
        await applyMigrations(pgExecutor(client));
      } finally {
        await client.end();
      }
    }
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: options.databaseUrl }), transactionOptions: TRANSACTION_OPTIONS });
    // Opened on first use only: most processes never need plain SQL.
    let pool: pg.Pool | undefined;
    const getPool = () => {
      if (pool) return pool;
      pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
      // pg reports an idle connection the server closes (a restart, an idle timeout, a terminated backend;
      // also one still closing when the pool has ended) as an 'error' event on the pool: with no listener
      // it is an uncaught exception that ends the process. The pool drops that connection and opens another.
      pool.on("error", (error) => logEvent("warn", "database: an idle connection was closed by the server", { detail: String(error) }));
      return pool;
    };
    return {
      prisma,
      kind: "postgres",
      sql: {
        exec: async (sql) => {
          await getPool().query(sql);
        },
        query: async <Row>(sql: string, params?: unknown[]) => (await getPool().query(sql, params)).rows as Row[],
      },
      close: async () => {
        await prisma.$disconnect();
        await pool?.end();
      },
    };
  }

  const dataDir = options.pgliteDataDir ?? "memory://";
  if (!dataDir.includes("://")) await mkdir(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir);
  if (migrate) await applyMigrations(pgliteExecutor(lite));
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(lite), transactionOptions: TRANSACTION_OPTIONS });
  return {
    prisma,
    kind: "pglite",
    sql: pgliteExecutor(lite),
    close: async () => {
      await prisma.$disconnect();
      await lite.close();
    },
  };
}

function pgExecutor(client: pg.Client): SqlExecutor {
  return {
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <Row>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as Row[],
  };
}

function pgliteExecutor(lite: PGlite): SqlExecutor {
  return {
    exec: async (sql) => {
      await lite.exec(sql);
    },
    query: async <Row>(sql: string, params?: unknown[]) => (await lite.query<Row>(sql, params)).rows,
  };
}

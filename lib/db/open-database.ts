// Opens the database: embedded PGlite by default (no server, files in PGLITE_DATA_DIR), a real
// PostgreSQL when a URL is given. Migrations are applied first, through the same applier for both.
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/lib/generated/prisma/client";
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

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrate = options.migrate ?? true;
  if (options.databaseUrl) {
    if (migrate) {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      try {
        await applyMigrations(pgExecutor(client));
      } finally {
        await client.end();
      }
    }
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: options.databaseUrl }) });
    // Opened on first use only: most processes never need plain SQL.
    let pool: pg.Pool | undefined;
    const getPool = () => (pool ??= new pg.Pool({ connectionString: options.databaseUrl, max: 2 }));
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
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(lite) });
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

// The migration applier on PGlite and PostgreSQL: applies each migration once, records it the way
// `prisma migrate deploy` does, refuses an edited migration, rolls back a failing one, and serializes
// concurrent appliers.
import { createHash } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { applyMigrations, readMigrations, type SqlExecutor } from "@/lib/db/apply-migrations";
import { walletKeys } from "@/lib/keys/wallet-keys";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

describe.each(EACH_DATABASE)("migrations on %s", (_name, target) => {
  const database = databaseForSuite(target);

  it("applies every migration once and records it in _prisma_migrations with its sha256", async () => {
    const migrations = await readMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    const rows = await database().db.sql.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((row) => row.migration_name)).toEqual(migrations.map((migration) => migration.name));
    for (const [index, row] of rows.entries()) {
      expect(row.checksum).toBe(createHash("sha256").update(migrations[index]!.sql).digest("hex"));
      expect(row.finished_at).not.toBeNull();
    }
    // The schema is in place: every model answers.
    expect(await database().db.prisma.case.count()).toBe(0);
    expect(await database().db.prisma.paymentRecord.count()).toBe(0);
    expect(await database().db.prisma.rateLimitCounter.count()).toBe(0);
    expect(await database().db.prisma.callbackAttempt.count()).toBe(0);
  });

  it("drops the wallet answers kept before they became private, and keeps the others", async () => {
    const prisma = database().db.prisma;
    const endpoints = ["POST /v2/wallet/keys", "GET /v2/wallet/keys", "GET /v2/wallet/deliveries", "MCP service_wallet_info", "MCP service_wallet_info (deliveries)", "GET /v2/case", "MCP service_case_query"];
    for (const [index, endpoint] of endpoints.entries()) {
      await prisma.paymentRecord.create({
        data: { nonceKey: `scrub-${index}`, payer: "0xabc", amountBaseUnits: 990000n, network: "eip155:8453", asset: "0xa", payTo: "0xb", endpoint, requestId: `req_${index}`, outcome: "settled", answer: `{"n":${index}}` },
      });
    }
    const scrub = (await readMigrations()).find((migration) => migration.name.endsWith("_drop_kept_wallet_answers"))!;
    await database().db.sql.exec(scrub.sql);
    const rows = await prisma.paymentRecord.findMany({ where: { nonceKey: { startsWith: "scrub-" } }, orderBy: { nonceKey: "asc" } });
    expect(Object.fromEntries(rows.map((row) => [row.endpoint, row.answer]))).toEqual({
      "POST /v2/wallet/keys": null,
      "GET /v2/wallet/keys": null,
      "GET /v2/wallet/deliveries": null,
      "MCP service_wallet_info": null,
      "MCP service_wallet_info (deliveries)": null,
      "GET /v2/case": '{"n":5}',
      "MCP service_case_query": '{"n":6}',
    });
    await prisma.paymentRecord.deleteMany({ where: { nonceKey: { startsWith: "scrub-" } } });
  });

  it("keeps every wallet's current and previous signing key through the change to keys that take effect when paid", async () => {
    const fresh = await target.open({ migrate: false });
    try {
      const migrations = await readMigrations();
      const change = migrations.findIndex((migration) => migration.name.endsWith("_rotation_takes_effect_when_paid"));
      await applyMigrations(fresh.db.sql, migrations.slice(0, change));
      // One wallet rotated at 11:00 (its previous key valid until 11:30), one never rotated.
      await fresh.db.sql.exec(`
        INSERT INTO wallets (address, created_at) VALUES ('0xrotated', now()), ('0xsteady', now());
        INSERT INTO signing_keys (id, wallet_address, secret_ciphertext, secret_iv, secret_tag, created_at, retired_at, valid_until) VALUES
          ('key_a', '0xrotated', 'c', 'i', 't', '2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z', '2026-11-20T11:30:00Z'),
          ('key_b', '0xrotated', 'c', 'i', 't', '2026-11-20T11:00:00Z', NULL, NULL),
          ('key_c', '0xsteady', 'c', 'i', 't', '2026-11-20T09:00:00Z', NULL, NULL);`);
      await applyMigrations(fresh.db.sql, migrations);
      const state = (wallet: string, iso: string) => fresh.db.prisma.$transaction((tx) => walletKeys(tx, wallet, new Date(iso)));
      const ids = async (wallet: string, iso: string) => {
        const { current, previous } = await state(wallet, iso);
        return [current?.id ?? null, previous?.id ?? null];
      };
      expect(await ids("0xrotated", "2026-11-20T11:29:59Z")).toEqual(["key_b", "key_a"]);
      expect(await ids("0xrotated", "2026-11-20T11:30:01Z")).toEqual(["key_b", null]);
      expect(await ids("0xsteady", "2026-11-20T11:00:00Z")).toEqual(["key_c", null]);
    } finally {
      await fresh.dispose();
    }
  });

  it("applies nothing the second time and refuses a migration edited after it was applied", async () => {
    expect(await applyMigrations(database().db.sql)).toEqual([]);
    const [first, ...rest] = await readMigrations();
    const edited = { ...first!, sql: `${first!.sql}\n-- edited`, checksum: "0".repeat(64) };
    await expect(applyMigrations(database().db.sql, [edited, ...rest])).rejects.toThrow(/changed after it was applied/);
  });

  it("rolls back a failing migration and records nothing for it", async () => {
    const broken = {
      name: "29990101000000_broken",
      sql: 'CREATE TABLE "half_done" (id int);\nSELECT * FROM "no_such_table";',
      checksum: "f".repeat(64),
    };
    await expect(applyMigrations(database().db.sql, [...(await readMigrations()), broken])).rejects.toThrow(/29990101000000_broken failed/);
    const tables = await database().db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'half_done'`);
    expect(tables[0]!.n).toBe(0);
    const recorded = await database().db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE migration_name = $1`,
      [broken.name],
    );
    expect(recorded[0]!.n).toBe(0);
  });

  if (target.name === "postgres") {
    it("behind a transaction-mode pooler: applies everything once, leaves no lock held, and a second start applies nothing", async () => {
      const fresh = await target.open({ migrate: false });
      const clients = await connectClients(fresh.url!, 3);
      try {
        const names = (await readMigrations()).map((migration) => migration.name);
        expect(await applyMigrations(pooledExecutor(clients))).toEqual(names);
        // A session lock taken on one connection and "released" on another stayed held by an idle one,
        // and every later start waited for it forever.
        // This database's only: another run's tests on the same server (CI beside a developer's) take their own.
        const locks = await clients[0]!.query(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        );
        expect(locks.rows[0].n).toBe(0);
        const again = await Promise.race([
          applyMigrations(pooledExecutor([clients[1]!, clients[2]!, clients[0]!])),
          new Promise((resolve) => setTimeout(() => resolve("hung"), 5_000)),
        ]);
        expect(again).toEqual([]);
      } finally {
        await Promise.all(clients.map((client) => client.end()));
        await fresh.dispose();
      }
    });

    it("lets several instances start at once: each migration is applied exactly once", async () => {
      const fresh = await target.open({ migrate: false });
      const clients = await connectClients(fresh.url!, 4);
      try {
        const applied = await Promise.all(clients.map((client) => applyMigrations(pgExecutor(client))));
        const names = (await readMigrations()).map((migration) => migration.name);
        expect(applied.flat().sort()).toEqual([...names].sort());
        const rows = await clients[0]!.query(`SELECT count(*)::int AS n FROM "_prisma_migrations"`);
        expect(rows.rows[0].n).toBe(names.length);
      } finally {
        await Promise.all(clients.map((client) => client.end()));
        await fresh.dispose();
      }
    });
  }
});

/** `count` connections of their own to one fresh database, as several instances (or a pooler's) hold. */
function connectClients(url: string, count: number): Promise<pg.Client[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
}

/**
 * A transaction-mode pooler as PgBouncer (or a provider's pooled URL) behaves: each statement outside a
 * transaction goes to the next server connection; from BEGIN to COMMIT or ROLLBACK, to one.
 */
function pooledExecutor(clients: pg.Client[]): SqlExecutor {
  let next = 0;
  let pinned: pg.Client | null = null;
  const pick = () => pinned ?? clients[next++ % clients.length]!;
  const run = async (sql: string, params?: unknown[]) => {
    const client = pick();
    if (/^\s*BEGIN\b/i.test(sql)) pinned = client;
    try {
      return await client.query(sql, params);
    } finally {
      if (/^\s*(COMMIT|ROLLBACK)\b/i.test(sql)) pinned = null;
    }
  };
  return {
    exec: async (sql) => {
      await run(sql);
    },
    query: async <Row>(sql: string, params?: unknown[]) => (await run(sql, params)).rows as Row[],
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

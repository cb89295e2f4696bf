// Prisma CLI configuration. The CLI runs offline here through its WASM schema engine (`engine: "js"`)
// against in-memory PGlite databases: enough for `prisma generate` and `prisma migrate diff`, with
// which migrations are authored (docs/configuration.md). The application never goes through this
// file: lib/db/open-database.ts builds its own adapter and applies migrations itself.
import type { PrismaConfig } from "prisma";

export default {
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    // PGlite's WASM timers keep Node alive and the CLI never closes the client: unref them.
    unrefPgliteTimers();
    return {
      provider: "postgres" as const,
      adapterName: "pglite-prisma-adapter",
      connect: () => scriptAwareAdapter(),
      // `migrate diff --from-migrations` replays the migrations on a shadow database.
      connectToShadowDb: () => scriptAwareAdapter(),
    };
  },
} satisfies PrismaConfig;

/**
 * The schema engine sends a whole migration file through `executeRaw`, which PGlite runs as one
 * prepared statement and refuses when it holds several commands; parameterless SQL goes through
 * `exec` instead, which runs scripts.
 */
async function scriptAwareAdapter() {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const client = new PGlite("memory://");
  const adapter = await new PrismaPGlite(client).connect();
  const executeRaw = adapter.executeRaw.bind(adapter);
  adapter.executeRaw = async (query) => {
    if (query.args.length > 0) return executeRaw(query);
    await client.exec(query.sql);
    return 0;
  };
  return adapter;
}

function unrefPgliteTimers(): void {
  const original = globalThis.setInterval;
  const originalTimeout = globalThis.setTimeout;
  const wrap = <T extends (...args: never[]) => { unref?: () => unknown }>(fn: T): T =>
    ((...args: Parameters<T>) => {
      const handle = fn(...args);
      if (new Error().stack?.includes("__setitimer_js")) handle.unref?.();
      return handle;
    }) as T;
  globalThis.setInterval = wrap(original as never) as typeof setInterval;
  globalThis.setTimeout = wrap(originalTimeout as never) as typeof setTimeout;
}

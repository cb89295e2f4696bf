// Prisma CLI configuration. The CLI runs offline here through its WASM schema engine (`engine: "js"`)
// against an in-memory PGlite, which is enough for `prisma generate` and `prisma migrate diff`.
// The application never goes through this file: lib/db.ts builds its own adapter.
import type { PrismaConfig } from "prisma";

export default {
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    const client = new PGlite("memory://");
    // PGlite's WASM timers keep Node alive and the CLI never closes the client: unref them.
    unrefPgliteTimers();
    return new PrismaPGlite(client);
  },
} satisfies PrismaConfig;

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

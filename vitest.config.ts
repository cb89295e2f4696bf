import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };

// DATABASE_URL names a PostgreSQL for the database tests (tests/helpers/test-database.ts), which run on
// PGlite always and on that PostgreSQL too. Everything else in the process uses an in-memory PGlite.
const postgresUrl = process.env.DATABASE_URL ?? "";

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "in-process",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/db/**/*.test.ts", "tests/inngest/**/*.test.ts", "tests/payments/**/*.test.ts"],
          environment: "node",
          // Vitest's default is one worker fewer than the cores: one on 2 cores. Most of these files wait (2 s
          // blocks on the local chain, child processes, servers), so at least two run side by side.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The in-process suite makes thousands of sandbox requests from one "client": the sandbox limit's own
          // tests set it explicitly.
          env: {
            PGLITE_DATA_DIR: "memory://",
            DB_AUTO_MIGRATE: "1",
            DATABASE_URL: "",
            TEST_POSTGRES_URL: postgresUrl,
            SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000",
          },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts", "tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/next-server.ts"],
          // One `next start` serves every file: run them one after another.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

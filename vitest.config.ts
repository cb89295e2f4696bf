import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };

// DATABASE_URL names a PostgreSQL for the database tests (tests/helpers/test-database.ts), which run on
// PGlite always and on that PostgreSQL too. Everything else in the process uses an in-memory PGlite.
const postgresUrl = process.env.DATABASE_URL ?? "";

// The in-process suite makes thousands of sandbox requests from one "client": the sandbox limit's own tests set
// it explicitly.
const inProcessEnv = {
  PGLITE_DATA_DIR: "memory://",
  DB_AUTO_MIGRATE: "1",
  DATABASE_URL: "",
  TEST_POSTGRES_URL: postgresUrl,
  SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000",
};

/** What the in-process and payments projects share: they run the app's code in the test process, on PGlite
 * started from the saved empty-cluster image (tests/helpers/pglite-image.ts). */
const inProcessTest = {
  environment: "node",
  setupFiles: ["tests/helpers/pglite-image.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  env: inProcessEnv,
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "in-process",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/db/**/*.test.ts", "tests/inngest/**/*.test.ts"],
          ...inProcessTest,
          // Vitest's default is one worker fewer than the cores: one on 2 cores. Many of these files wait
          // (servers, child processes, databases), so at least two run side by side.
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        resolve: { alias },
        test: {
          name: "payments",
          include: ["tests/payments/**/*.test.ts"],
          ...inProcessTest,
          // Crashes timed against 2 s blocks: these files run one after another, after the others, so no other
          // file's load moves the moment a process is killed relative to its broadcast.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts", "tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/next-server.ts"],
          // One `next start` serves every file: run them one after another, last.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

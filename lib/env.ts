// The one place that reads process.env (DESIGN.md conventions): parsed once, validated with zod.
import { z } from "zod";

const booleanFlag = z
  .enum(["1", "0", "true", "false"])
  .transform((value) => value === "1" || value === "true");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** A real PostgreSQL (postgres:// or postgresql://). Unset: the embedded PGlite database. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "DATABASE_URL must be a postgres:// or postgresql:// URL" })
    .optional(),
  /** Where the embedded database keeps its files; `memory://` keeps nothing. */
  PGLITE_DATA_DIR: z.string().min(1).default(".data/pglite"),
  /** Apply pending migrations when the server starts (default on). */
  DB_AUTO_MIGRATE: booleanFlag.default(true),
  /** Public origin used in documentation_url and changelog_url; defaults to the request's origin. */
  PUBLIC_BASE_URL: z.url().optional(),

  /**
   * Where live case data comes from: `demo` (generated cases, lib/sources/demo) or `none` (no court system
   * connected: cache misses answer 503). Default: `demo` in development and tests, `none` in production,
   * so a deployment never serves generated data unless told to.
   */
  CASE_SOURCE: z.enum(["demo", "none"]).optional(),
  /** Demo source: court codes whose system is "down" (comma-separated), to try outages locally. */
  DEMO_SOURCE_DOWN_COURTS: z
    .string()
    .transform((value) => value.split(",").map((code) => code.trim().toLowerCase()).filter(Boolean))
    .default([]),
  /** Longest wait for a court system to answer one case fetch. */
  SOURCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * Development without an Inngest dev server: refresh tracked cases in-process every this many seconds
   * (0 turns it off). Ignored in production, where Inngest's cron functions refresh on the court cadence.
   */
  LOCAL_REFRESH_SECONDS: z.coerce.number().int().min(0).default(60),

  /** Declared by operators: GET /v2/status reports `maintenance` or `incident` while this is set. */
  SERVICE_STATUS_OVERRIDE: z.enum(["maintenance", "incident"]).optional(),

  /** Inngest Cloud (or self-hosted Inngest) keys; INNGEST_DEV=1 talks to a local `inngest-cli dev`. */
  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  INNGEST_DEV: booleanFlag.optional(),
});

export type Env = z.infer<typeof envSchema>;

/** The case source in effect: explicit CASE_SOURCE, else demo outside production. */
export function caseSourceMode(env: Env): "demo" | "none" {
  return env.CASE_SOURCE ?? (env.NODE_ENV === "production" ? "none" : "demo");
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== "")),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n  ${problems.join("\n  ")}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests that change process.env call this to parse again. */
export function resetEnvForTests(): void {
  cached = undefined;
}

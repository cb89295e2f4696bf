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
});

export type Env = z.infer<typeof envSchema>;

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

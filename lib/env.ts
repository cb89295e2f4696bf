// The one place that reads process.env (DESIGN.md conventions): parsed once, validated with zod.
import { z } from "zod";

const booleanFlag = z
  .enum(["1", "0", "true", "false"])
  .transform((value) => value === "1" || value === "true");

/** https, or http to this machine (the tests' replay server): where a password or session token is sent. */
function secureOrLoopback(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  } catch {
    return false;
  }
}

/**
 * The longest SOURCE_TIMEOUT_MS allowed: also what a PACER report reservation that does not say its fetch's
 * deadline is given before it is taken as abandoned (lib/sources/pacer/hold-abandoned-reports.ts).
 */
export const SOURCE_TIMEOUT_MAX_MS = 120_000;

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: "must be a 0x-prefixed 20-byte address" });

const fields = z.object({
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
  /**
   * The public origin every link in an answer is built from (documentation_url, changelog_url, OpenAPI
   * servers, the docs pages). Never the caller's Host header: answers are cached by shared caches.
   * Required when payments are configured (the x402 resource URL names it). Unset: the Vercel deployment's
   * own URL on Vercel, else the address Next is bound to (docs/configuration.md "Public origin").
   */
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Who tells us the client's address (sandbox limits): `vercel` (Vercel's own x-vercel-forwarded-for),
   * a number N of trusted proxies in front of the app (the Nth X-Forwarded-For entry from the right), or
   * `none` (the TCP peer). Default: `vercel` on Vercel, else `none` (docs/configuration.md "Client address").
   */
  TRUSTED_PROXY: z.string().trim().toLowerCase().regex(/^(vercel|none|[1-9]\d?)$/, { error: "TRUSTED_PROXY must be vercel, none or a number of proxy hops (1-99)" }).optional(),
  /** The port `next start`/`next dev` listens on (Next sets it): the origin of pages without PUBLIC_BASE_URL. */
  PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Set by Vercel on its deployments: VERCEL=1 and the deployment's host names. */
  VERCEL: z.string().optional(),
  VERCEL_URL: z.string().optional(),
  VERCEL_PROJECT_PRODUCTION_URL: z.string().optional(),
  /** MCP: origins (besides PUBLIC_BASE_URL's) whose browser pages may call /v2/mcp; `*` allows any. */
  MCP_ALLOWED_ORIGINS: z.string().transform((value) => value.split(",").map((origin) => origin.trim().replace(/\/+$/, "")).filter(Boolean)).default([]),

  /**
   * Where live case data comes from for courts no real court system serves: `demo` (generated cases,
   * lib/sources/demo) or `none` (such courts are `planned`: 422). Default: `demo` in development and tests, `none` in production,
   * so a deployment never serves generated data unless told to.
   */
  CASE_SOURCE: z.enum(["demo", "none"]).optional(),
  /**
   * Court systems with free public dockets to read live (docs/sources.md): `scotus` (the Supreme Court's
   * docket JSON), `tames` (Texas appellate courts), `acis` (Florida appellate courts), comma-separated, or
   * `none`. Default: all three in production, none elsewhere (development and tests never reach a court
   * system unless told to; the demo source stands in). A court of a system not listed is `planned`.
   */
  PUBLIC_DOCKET_SYSTEMS: z
    .string()
    .transform((value) => value.split(",").map((name) => name.trim().toLowerCase()).filter((name) => name !== "" && name !== "none"))
    .pipe(z.array(z.enum(["scotus", "tames", "acis"], { error: "PUBLIC_DOCKET_SYSTEMS lists scotus, tames, acis (comma-separated) or none" })))
    .optional(),
  /** Where each of those systems is (the replay server in tests). */
  SCOTUS_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://www.supremecourt.gov"),
  TAMES_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://search.txcourts.gov"),
  ACIS_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://acis-api.flcourts.gov"),
  /** Demo source: court codes whose system is "down" (comma-separated), to try outages locally. */
  DEMO_SOURCE_DOWN_COURTS: z
    .string()
    .transform((value) => value.split(",").map((code) => code.trim().toLowerCase()).filter(Boolean))
    .default([]),
  /**
   * Docket entries of cached cases each instance keeps in memory by content version (lib/cases/
   * case-content-cache.ts): a case asked again while unchanged is not read from the database again. About
   * 1 KB of memory per entry; 0 keeps nothing.
   */
  CASE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).max(10_000_000).default(50_000),
  /** Longest wait for a court system to answer one case fetch. */
  SOURCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(SOURCE_TIMEOUT_MAX_MS).default(15_000),
  /**
   * Development without an Inngest dev server: refresh tracked cases in-process every this many seconds
   * (0 turns it off). Ignored in production, where Inngest's cron functions refresh on the court cadence.
   */
  LOCAL_REFRESH_SECONDS: z.coerce.number().int().min(0).default(60),

  /**
   * x402 payments (docs/configuration.md "Payments"). Without X402_PAY_TO and a facilitator, paid endpoints
   * answer 402 saying this deployment takes no payments. Nothing here defaults to a public facilitator.
   */
  X402_NETWORK: z.string().regex(/^eip155:\d+$/, { error: "X402_NETWORK must be a CAIP-2 EVM network id, e.g. eip155:8453" }).default("eip155:8453"),
  /**
   * The EIP-3009 token: address, EIP-712 domain name and version, decimals. Unset: the network's USDC as the
   * official x402 package lists it (lib/payments/payment-config.ts), name, version and decimals included.
   */
  X402_ASSET: evmAddress.optional(),
  X402_ASSET_NAME: z.string().min(1).optional(),
  X402_ASSET_VERSION: z.string().min(1).optional(),
  X402_ASSET_DECIMALS: z.coerce.number().int().min(0).max(36).optional(),
  /** Where payments go. */
  X402_PAY_TO: evmAddress.refine((value) => !/^0x0{40}$/.test(value), { error: "X402_PAY_TO is the zero address: payments sent there are lost" }).optional(),
  /** Price of one query in USD (a batch of N costs N times this). */
  X402_PRICE_USD: z.string().regex(/^\d+(\.\d{1,6})?$/, { error: "X402_PRICE_USD must be a decimal number like 0.99" }).default("0.99"),
  /** Seconds a signed payment may take to arrive (the authorization's validity the client is asked for). */
  X402_MAX_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** A remote facilitator (its /verify, /settle and /supported); optional bearer token for it. */
  X402_FACILITATOR_URL: z.url({ protocol: /^https?$/ }).optional(),
  X402_FACILITATOR_TOKEN: z.string().min(1).optional(),
  /** Or the in-process facilitator: a JSON-RPC node of X402_NETWORK and the key that pays settlement gas. */
  X402_RPC_URL: z.url().optional(),
  X402_SETTLEMENT_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, { error: "X402_SETTLEMENT_PRIVATE_KEY must be a 0x-prefixed 32-byte hex key" }).optional(),
  /** The network's block time: settlement receipts are polled at a quarter of it (Base: 2 s). */
  X402_BLOCK_TIME_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  /** How long a paid answer is kept so that the same payment fetches it again (docs/payments.md "Recovery"). */
  X402_ANSWER_RETENTION_HOURS: z.coerce.number().int().min(1).max(720).default(24),

  /**
   * Encrypts callback signing-key secrets at rest (AES-256-GCM): 32 bytes as 64 hex characters. Required
   * when payments are configured (wallet keys are paid endpoints); keep it stable and secret.
   */
  SIGNING_KEYS_ENCRYPTION_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, { error: "SIGNING_KEYS_ENCRYPTION_KEY must be 64 hex characters (32 bytes)" }).optional(),
  /** Callbacks: allow targets on loopback, private, link-local and unique-local addresses (development, tests). */
  CALLBACK_ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),

  /** Limits per paying wallet (and per client address in the sandbox). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_PER_DAY: z.coerce.number().int().min(1).default(10_000),
  SANDBOX_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),

  /** Declared by operators: GET /v2/status reports `maintenance` or `incident` while this is set. */
  SERVICE_STATUS_OVERRIDE: z.enum(["maintenance", "incident"]).optional(),

  /** Inngest Cloud (or self-hosted Inngest) keys; INNGEST_DEV=1 talks to a local `inngest-cli dev`. */
  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  INNGEST_DEV: booleanFlag.optional(),

  /**
   * The shared court HTTP client (lib/sources/http/): who we say we are, how long one attempt may take,
   * retries with backoff for what a retry can cure, and the pace per host (`host=rate/concurrency`,
   * comma-separated, `*.` for subdomains: "*.uscourts.gov=1/2").
   */
  COURT_HTTP_USER_AGENT: z.string().min(1).default("court-docket-api/2.1 (docket monitoring service; automated, polite)"),
  COURT_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(12_000),
  COURT_HTTP_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  COURT_HTTP_BACKOFF_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  COURT_HTTP_RATE_PER_SECOND: z.coerce.number().positive().max(10_000).default(1),
  COURT_HTTP_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  COURT_HTTP_HOST_LIMITS: z.string().regex(/^\s*([^=,\s]+\s*=\s*\d+(\.\d+)?\s*\/\s*\d+\s*(,\s*|$))*$/, { error: "COURT_HTTP_HOST_LIMITS must be host=rate/concurrency pairs, comma-separated" }).default(""),

  /**
   * PACER (docs/sources.md "PACER"): with a login id and password, federal CM/ECF courts are served from
   * PACER; PACER_TOTP_SECRET (base32) for accounts with two-factor login. The URLs default to production;
   * PACER's non-billable test environment and the test suite's replay server set them.
   */
  PACER_USERNAME: z.string().min(1).optional(),
  PACER_PASSWORD: z.string().min(1).optional(),
  PACER_CLIENT_CODE: z.string().min(1).max(32).optional(),
  PACER_TOTP_SECRET: z.string().transform((value) => value.replace(/[\s-]/g, "").toUpperCase()).pipe(z.string().regex(/^[A-Z2-7]+=*$/, { error: "PACER_TOTP_SECRET must be the base32 secret of the account's authenticator enrolment" })).optional(),
  /** PACER's authentication service (POST {url}/services/cso-auth). */
  PACER_LOGIN_URL: z.url({ protocol: /^https?$/ }).refine(secureOrLoopback, { error: "PACER_LOGIN_URL must be https (the password is sent there); http only on a loopback address" }).default("https://pacer.login.uscourts.gov"),
  /** A court's CM/ECF server; `{court}` is replaced by the court code. */
  PACER_ECF_URL_TEMPLATE: z
    .string()
    .regex(/^https?:\/\/.*\{court\}/, { error: "PACER_ECF_URL_TEMPLATE must be an http(s) URL containing {court}" })
    .refine((value) => secureOrLoopback(value.replace(/\{court\}/g, "court")), { error: "PACER_ECF_URL_TEMPLATE must be https (the session token is sent there); http only on a loopback address" })
    .default("https://ecf.{court}.uscourts.gov"),
  /** PACER fees this deployment may spend (USD); fetches stop with 503 "fee budget reached" beyond them. */
  PACER_DAILY_BUDGET_USD: z.coerce.number().min(0).default(20),
  PACER_MONTHLY_BUDGET_USD: z.coerce.number().min(0).default(300),
  /** After a failed login, no new login attempt for this long (a wrong password must never loop). */
  PACER_LOGIN_BACKOFF_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Clock difference allowed between CM/ECF's RSS item times and ours: an item dated this much before a case's last reading still triggers a refresh. */
  PACER_FEED_SKEW_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
});

const envSchema = fields.superRefine((env, ctx) => {
  // Half a payment configuration is a mistake to stop on, not a deployment that silently takes no money.
  // X402_RPC_URL beside a remote facilitator is a node to read the chain from (payment reconciliation).
  const local = env.X402_SETTLEMENT_PRIVATE_KEY !== undefined || (env.X402_RPC_URL !== undefined && env.X402_FACILITATOR_URL === undefined);
  if (local && (env.X402_RPC_URL === undefined || env.X402_SETTLEMENT_PRIVATE_KEY === undefined)) {
    ctx.addIssue({ code: "custom", path: ["X402_RPC_URL"], message: "the in-process facilitator needs both X402_RPC_URL and X402_SETTLEMENT_PRIVATE_KEY" });
  }
  if (local && env.X402_FACILITATOR_URL !== undefined) {
    ctx.addIssue({ code: "custom", path: ["X402_FACILITATOR_URL"], message: "choose one facilitator: X402_FACILITATOR_URL or X402_RPC_URL with X402_SETTLEMENT_PRIVATE_KEY" });
  }
  if (env.X402_PAY_TO !== undefined && env.SIGNING_KEYS_ENCRYPTION_KEY === undefined) {
    ctx.addIssue({ code: "custom", path: ["SIGNING_KEYS_ENCRYPTION_KEY"], message: "payments are configured, so wallet signing keys are sold: set SIGNING_KEYS_ENCRYPTION_KEY to store their secrets" });
  }
  const facilitator = local || env.X402_FACILITATOR_URL !== undefined;
  if ((env.PACER_USERNAME === undefined) !== (env.PACER_PASSWORD === undefined)) {
    ctx.addIssue({ code: "custom", path: ["PACER_USERNAME"], message: "PACER needs both PACER_USERNAME and PACER_PASSWORD" });
  }
  if (env.PACER_USERNAME === undefined && (env.PACER_TOTP_SECRET !== undefined || env.PACER_CLIENT_CODE !== undefined)) {
    ctx.addIssue({ code: "custom", path: ["PACER_TOTP_SECRET"], message: "PACER_TOTP_SECRET and PACER_CLIENT_CODE belong to a PACER account: set PACER_USERNAME and PACER_PASSWORD too" });
  }
  if (env.X402_PAY_TO !== undefined && env.PUBLIC_BASE_URL === undefined) {
    ctx.addIssue({ code: "custom", path: ["PUBLIC_BASE_URL"], message: "payments are configured: set PUBLIC_BASE_URL to the origin agents call (the x402 resource and every link name it), e.g. https://api.example.org" });
  }
  if (env.VERCEL === "1" && env.NODE_ENV === "production" && env.DATABASE_URL === undefined) {
    // The embedded database cannot be written on Vercel's read-only file system, nor shared by its instances.
    ctx.addIssue({ code: "custom", path: ["DATABASE_URL"], message: "on Vercel set DATABASE_URL to a PostgreSQL database (the embedded PGlite cannot be used there)" });
  }
  if (facilitator !== (env.X402_PAY_TO !== undefined)) {
    ctx.addIssue({ code: "custom", path: ["X402_PAY_TO"], message: "payments need both X402_PAY_TO and a facilitator (X402_FACILITATOR_URL, or X402_RPC_URL with X402_SETTLEMENT_PRIVATE_KEY)" });
  }
});

export type Env = z.infer<typeof envSchema>;

/** The case source in effect: explicit CASE_SOURCE, else demo outside production. */
export function caseSourceMode(env: Env): "demo" | "none" {
  return env.CASE_SOURCE ?? (env.NODE_ENV === "production" ? "none" : "demo");
}

export type PublicDocketSystem = "scotus" | "tames" | "acis";

/** The free public docket systems this deployment reads (PUBLIC_DOCKET_SYSTEMS). */
export function publicDocketSystems(env: Env): ReadonlySet<PublicDocketSystem> {
  return new Set(env.PUBLIC_DOCKET_SYSTEMS ?? (env.NODE_ENV === "production" ? ["scotus", "tames", "acis"] : []));
}

/** A PACER account is configured: federal CM/ECF courts are served from PACER. */
export function pacerConfigured(env: Env): boolean {
  return env.PACER_USERNAME !== undefined && env.PACER_PASSWORD !== undefined;
}

/** How the client's address is read (lib/http/client-address.ts). */
export function trustedProxy(env: Env): "vercel" | "none" | number {
  const setting = env.TRUSTED_PROXY ?? (env.VERCEL === "1" ? "vercel" : "none");
  return setting === "vercel" || setting === "none" ? setting : Number(setting);
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(
    // An empty or blank value is unset (a blank budget would otherwise read as 0 and turn PACER off).
    Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== undefined && value.trim() !== "")),
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

// The settings this stop added for court systems and the case cache: what each value means, and a clear
// message at start-up for a wrong one (lib/env.ts is parsed once; a bad value stops the server).
import { afterEach, describe, expect, it, vi } from "vitest";
import { getEnv, publicDocketSystems, resetEnvForTests } from "@/lib/env";

const NAMES = [
  "INNGEST_SIGNING_KEY",
  "PUBLIC_DOCKET_SYSTEMS",
  "NODE_ENV",
  "CASE_CACHE_MAX_ENTRIES",
  "ACIS_BASE_URL",
  "INNGEST_DEV",
  "PACER_LOGIN_URL",
  "PACER_ECF_URL_TEMPLATE",
  "PACER_DAILY_BUDGET_USD",
  "VERCEL",
  "DATABASE_URL",
] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
/** process.env as a plain record (its NODE_ENV is typed read-only). */
const env = process.env as Record<string, string | undefined>;

function withEnv(values: Partial<Record<(typeof NAMES)[number], string>>) {
  for (const name of NAMES) {
    if (values[name] === undefined) delete env[name];
    else env[name] = values[name];
  }
  resetEnvForTests();
}

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete env[name];
    else env[name] = saved[name];
  }
  resetEnvForTests();
});

describe("PUBLIC_DOCKET_SYSTEMS", () => {
  it("connects all three in production and none elsewhere unless told", () => {
    withEnv({ NODE_ENV: "production" });
    expect([...publicDocketSystems(getEnv())].sort()).toEqual(["acis", "scotus", "tames"]);
    withEnv({ NODE_ENV: "development" });
    expect(publicDocketSystems(getEnv()).size).toBe(0);
    withEnv({ NODE_ENV: "test", PUBLIC_DOCKET_SYSTEMS: " Tames , acis " });
    expect([...publicDocketSystems(getEnv())].sort()).toEqual(["acis", "tames"]);
    withEnv({ NODE_ENV: "production", PUBLIC_DOCKET_SYSTEMS: "none" });
    expect(publicDocketSystems(getEnv()).size).toBe(0);
  });

  it("refuses a system it does not know, naming the ones it does", () => {
    withEnv({ PUBLIC_DOCKET_SYSTEMS: "scotus,nyscef" });
    expect(() => getEnv()).toThrow(/PUBLIC_DOCKET_SYSTEMS.*scotus, tames, acis/);
  });
});

describe("other source settings", () => {
  it("refuses a base URL that is not http(s) and a cache bound that is not a whole number", () => {
    withEnv({ ACIS_BASE_URL: "ftp://acis.example" });
    expect(() => getEnv()).toThrow(/ACIS_BASE_URL/);
    withEnv({ CASE_CACHE_MAX_ENTRIES: "-5" });
    expect(() => getEnv()).toThrow(/CASE_CACHE_MAX_ENTRIES/);
    withEnv({ CASE_CACHE_MAX_ENTRIES: "0" });
    expect(getEnv().CASE_CACHE_MAX_ENTRIES).toBe(0);
  });
});

describe("INNGEST_DEV", () => {
  it("closes /api/inngest in production (the dev mode would take unsigned calls), and serves it in development", async () => {
    for (const [values, status] of [
      [{ NODE_ENV: "production", INNGEST_DEV: "1" }, 404],
      [{ NODE_ENV: "production", INNGEST_DEV: "1", INNGEST_SIGNING_KEY: "signkey-prod-0123456789abcdef" }, 404],
      [{ NODE_ENV: "development", INNGEST_DEV: "1" }, 200],
    ] as const) {
      withEnv(values);
      vi.resetModules();
      const { GET } = await import("@/app/api/inngest/route");
      const answer = await GET(new Request("http://127.0.0.1/api/inngest") as never, {} as never);
      expect(answer.status, JSON.stringify(values)).toBe(status);
    }
  });
});

describe("settings that would leak, lose or silently turn something off", () => {
  it("sends PACER's password and session token over https only (http to this machine for the tests' replay server)", () => {
    withEnv({ PACER_LOGIN_URL: "http://pacer.login.example.org" });
    expect(() => getEnv()).toThrow(/PACER_LOGIN_URL must be https/);
    withEnv({ PACER_ECF_URL_TEMPLATE: "http://ecf.{court}.example.org" });
    expect(() => getEnv()).toThrow(/PACER_ECF_URL_TEMPLATE must be https/);
    withEnv({ PACER_LOGIN_URL: "http://127.0.0.1:4000/pacer-login", PACER_ECF_URL_TEMPLATE: "http://127.0.0.1:4000/ecf/{court}" });
    expect(getEnv().PACER_LOGIN_URL).toBe("http://127.0.0.1:4000/pacer-login");
  });

  it("reads a blank value as unset, not as 0 (a blank budget turned PACER off)", () => {
    withEnv({ PACER_DAILY_BUDGET_USD: "  " });
    expect(getEnv().PACER_DAILY_BUDGET_USD).toBe(20);
  });

  it("refuses the embedded database on Vercel in production", () => {
    withEnv({ NODE_ENV: "production", VERCEL: "1" });
    expect(() => getEnv()).toThrow(/on Vercel set DATABASE_URL/);
    withEnv({ NODE_ENV: "production", VERCEL: "1", DATABASE_URL: "postgresql://db.example.org/app" });
    expect(getEnv().DATABASE_URL).toBe("postgresql://db.example.org/app");
  });
});

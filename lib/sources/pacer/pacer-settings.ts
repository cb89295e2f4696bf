// PACER settings from lib/env.ts, in the shapes the fetchers use: the account, where the authentication
// service and each court's CM/ECF server are (production, PACER's test environment, or the test suite's
// replay server: only these URLs differ), and the fee budgets in cents.
import { getEnv, pacerConfigured } from "@/lib/env";

export interface PacerSettings {
  loginId: string;
  password: string;
  clientCode: string | null;
  totpSecret: string | null;
  loginUrl: string;
  ecfUrlTemplate: string;
  dailyBudgetCents: number;
  monthlyBudgetCents: number;
  loginBackoffMs: number;
  /** How much earlier than a case's last reading a feed item may be dated and still mean a change. */
  feedSkewMs: number;
  /**
   * How long a billed report may take: it is asked once, so as long as the fetch waits (SOURCE_TIMEOUT_MS, whose
   * deadline ends it first), never cut short by one attempt's time-out (COURT_HTTP_TIMEOUT_MS).
   */
  reportTimeoutMs: number;
}

/** The settings, or null when no PACER account is configured. */
export function pacerSettings(): PacerSettings | null {
  const env = getEnv();
  if (!pacerConfigured(env)) return null;
  return {
    loginId: env.PACER_USERNAME!,
    password: env.PACER_PASSWORD!,
    clientCode: env.PACER_CLIENT_CODE ?? null,
    totpSecret: env.PACER_TOTP_SECRET ?? null,
    loginUrl: env.PACER_LOGIN_URL.replace(/\/+$/, ""),
    ecfUrlTemplate: env.PACER_ECF_URL_TEMPLATE.replace(/\/+$/, ""),
    dailyBudgetCents: Math.round(env.PACER_DAILY_BUDGET_USD * 100),
    monthlyBudgetCents: Math.round(env.PACER_MONTHLY_BUDGET_USD * 100),
    loginBackoffMs: env.PACER_LOGIN_BACKOFF_SECONDS * 1000,
    feedSkewMs: env.PACER_FEED_SKEW_SECONDS * 1000,
    reportTimeoutMs: env.SOURCE_TIMEOUT_MS,
  };
}

/** A court's CM/ECF base URL ("https://ecf.cand.uscourts.gov"). */
export function ecfBaseUrl(settings: PacerSettings, courtCode: string): string {
  return settings.ecfUrlTemplate.replaceAll("{court}", courtCode);
}

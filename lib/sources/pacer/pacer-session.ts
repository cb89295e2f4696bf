// The PACER session every instance shares (court-systems.md §1.1: reuse the token, never log in per
// search, excessive logins can get an account suspended). The token lives in the database (pacer_sessions);
// one instance logs in at a time under a short lease while the others wait for its token; a token CM/ECF
// rejected ("not logged in") is replaced once by whoever notices first; a refused login (bad password,
// missing one-time code) blocks further logins for PACER_LOGIN_BACKOFF_SECONDS, doubling with each
// failure in a row, so a wrong password can never loop. The token is never logged.
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import { CourtHttpError } from "@/lib/sources/http/court-http-client";
import { loginPacer } from "./login-pacer";
import type { PacerSettings } from "./pacer-settings";

/** PACER cannot be logged in to now; `retryAt` is when the next login may be tried, when known. */
export class PacerLoginError extends Error {
  constructor(
    message: string,
    readonly retryAt: Date | null,
  ) {
    super(message);
    this.name = "PacerLoginError";
  }
}

const LOGIN_LEASE_MS = 30_000;
const WAIT_POLL_MS = 150;
/** A login that failed on the network (not a refusal) is retried no sooner than this. */
const NETWORK_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 24 * 3600_000;

interface SessionRow {
  token: string | null;
  login_holder: string | null;
  login_until: Date | null;
  blocked_until: Date | null;
  failures: number;
  last_error: string | null;
}

async function readRow(prisma: PrismaClient, loginId: string): Promise<SessionRow> {
  await prisma.$executeRawUnsafe(`INSERT INTO pacer_sessions (login_id) VALUES ($1) ON CONFLICT (login_id) DO NOTHING`, loginId);
  const rows = await prisma.$queryRawUnsafe<SessionRow[]>(
    `SELECT token, login_holder, login_until, blocked_until, failures, last_error FROM pacer_sessions WHERE login_id = $1`,
    loginId,
  );
  return rows[0]!;
}

function blockedError(row: SessionRow): PacerLoginError {
  return new PacerLoginError(`PACER login refused (${row.last_error ?? "unknown reason"}); no new attempt before ${row.blocked_until?.toISOString()}`, row.blocked_until);
}

export interface PacerTokenOptions {
  /** The token CM/ECF just rejected: replace it (once, whichever instance notices first). */
  replacing?: string | null;
  signal?: AbortSignal;
}

/** A token CM/ECF accepts as far as we know: the stored one, or a fresh login. */
export async function pacerToken(prisma: PrismaClient, settings: PacerSettings, { replacing = null, signal }: PacerTokenOptions = {}): Promise<string> {
  const giveUpAt = Date.now() + LOGIN_LEASE_MS + 5_000;
  for (;;) {
    const row = await readRow(prisma, settings.loginId);
    if (row.token && row.token !== replacing) return row.token;
    if (row.blocked_until && row.blocked_until.getTime() > Date.now()) throw blockedError(row);
    const holder = randomUUID();
    const claimed = await prisma.$queryRawUnsafe<{ login_holder: string }[]>(
      `UPDATE pacer_sessions SET login_holder = $2, login_until = $3::timestamptz, updated_at = now()
       WHERE login_id = $1 AND (login_holder IS NULL OR login_until < now())
         AND (token IS NULL OR token = $4) AND (blocked_until IS NULL OR blocked_until <= now())
       RETURNING login_holder`,
      settings.loginId,
      holder,
      new Date(Date.now() + LOGIN_LEASE_MS).toISOString(),
      replacing,
    );
    if (claimed[0]?.login_holder === holder) return logIn(prisma, settings, holder, signal);
    // Another instance is logging in (or just did): wait for its outcome, as long as the caller does (a reading
    // with parties given up before its fetch's deadline must end then to keep the one bought: cached-header.ts).
    if (Date.now() > giveUpAt) throw new PacerLoginError("timed out waiting for another instance's PACER login", null);
    signal?.throwIfAborted();
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    signal?.throwIfAborted();
  }
}

async function logIn(prisma: PrismaClient, settings: PacerSettings, holder: string, signal?: AbortSignal): Promise<string> {
  // Lets the login lease go, writing `sql` (its columns, each followed by a comma) with it.
  const release = (sql: string, ...values: unknown[]) =>
    prisma.$executeRawUnsafe(`UPDATE pacer_sessions SET ${sql} login_holder = NULL, login_until = NULL, updated_at = now() WHERE login_id = $1 AND login_holder = $2`, settings.loginId, holder, ...values);
  // A login that ended: its outcome, and when it was tried.
  const finish = (sql: string, ...values: unknown[]) => release(`${sql}, last_attempt_at = now(),`, ...values);
  // The service down (unreachable, 5xx, 429) says nothing about the account: a short wait, no refusal counted;
  // longer when its Retry-After asked for more (court-http-client.ts), kept in the row for every instance.
  const unavailable = async (message: string, serviceRetryAt?: Date): Promise<never> => {
    const retryAt = new Date(Math.max(Date.now() + NETWORK_BACKOFF_MS, serviceRetryAt?.getTime() ?? 0));
    await finish("token = NULL, last_error = $3, blocked_until = $4::timestamptz", `authentication service unavailable: ${message}`, retryAt.toISOString());
    throw new PacerLoginError(`PACER's authentication service is unavailable: ${message}`, retryAt);
  };
  let reading;
  try {
    reading = await loginPacer(settings, new Date(), signal);
  } catch (error) {
    // The caller gave up (its fetch's deadline): that says nothing of the service. The lease is let go, nothing
    // else written; recorded as the service unavailable, it refused every instance's login for 30 s.
    if (signal?.aborted) {
      await release("");
      throw error;
    }
    return error instanceof CourtHttpError ? unavailable(error.message, error.retryAt) : unavailable(String(error));
  }
  if (reading.kind === "unavailable") return unavailable(reading.message);
  if (reading.kind === "logged_in") {
    await finish("token = $3, obtained_at = now(), failures = 0, blocked_until = NULL, last_error = $4", reading.token, reading.notice);
    logEvent("info", "pacer login", { login_id: settings.loginId, notice: reading.notice });
    return reading.token;
  }
  const rows = await prisma.$queryRawUnsafe<{ failures: number }[]>(`SELECT failures FROM pacer_sessions WHERE login_id = $1`, settings.loginId);
  const failures = (rows[0]?.failures ?? 0) + 1;
  const backoffMs = Math.min(settings.loginBackoffMs * 2 ** (failures - 1), MAX_BACKOFF_MS);
  const retryAt = new Date(Date.now() + backoffMs);
  const advice =
    reading.kind === "refused" && reading.needsOneTimeCode
      ? settings.totpSecret
        ? " (the one-time code was refused: check PACER_TOTP_SECRET and the server clock)"
        : " (the account uses two-factor login: set PACER_TOTP_SECRET)"
      : "";
  const message = `${reading.message}${advice}`;
  await finish("token = NULL, failures = $3, blocked_until = $4::timestamptz, last_error = $5", failures, retryAt.toISOString(), message);
  logEvent("error", "pacer login refused", { login_id: settings.loginId, reason: message, failures, retry_at: retryAt.toISOString() });
  throw new PacerLoginError(`PACER login refused: ${message}`, retryAt);
}

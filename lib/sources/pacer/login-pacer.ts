// One login at PACER's authentication service (court-systems.md §1.1): POST {login url}/services/cso-auth
// with the login id, password, optional client code, redactFlag, and, for two-factor accounts, the
// current one-time code. Returns the reading; network failures and time-outs throw (CourtHttpError).
// The password and the token never leave this function except as the token returned.
import { getCourtHttpClient } from "@/lib/sources/http/court-http-client";
import { readLoginResponse, type LoginReading } from "./read-login-response";
import type { PacerSettings } from "./pacer-settings";
import { totpCode } from "./totp-code";

export async function loginPacer(settings: PacerSettings, at: Date, signal?: AbortSignal): Promise<LoginReading> {
  const body: Record<string, string> = { loginId: settings.loginId, password: settings.password, redactFlag: "1" };
  if (settings.clientCode) body.clientCode = settings.clientCode;
  if (settings.totpSecret) body.otpCode = totpCode(settings.totpSecret, at);
  const response = await getCourtHttpClient().request({
    method: "POST",
    url: `${settings.loginUrl}/services/cso-auth`,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    // A login is not repeated on a 5xx: excessive authentication calls can get an account suspended.
    retry: false,
    label: "pacer:login",
    signal,
  });
  // The service failing or asking to slow down says nothing about the account (pacer-session.ts: 30 s, no failure).
  if (response.status >= 500 || response.status === 429) return { kind: "unavailable", message: `the authentication service answered ${response.status}` };
  return readLoginResponse(response.text());
}

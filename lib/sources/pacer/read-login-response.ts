// The PACER authentication service's answer to POST /services/cso-auth (court-systems.md §1.1):
// `{"loginResult": "0", "nextGenCSO": "<token>", "errorDescription": ...}` when logged in ("0" may come
// with an errorDescription about pending account actions), `"loginResult": "1"` with the reason when not.
// Pure: the body in, the reading out. Two-factor accounts that send no (or a wrong) one-time code are
// refused with a description naming the code; that is told apart so the operator gets the right advice.
export type LoginReading =
  | { kind: "logged_in"; token: string; notice: string | null }
  | { kind: "refused"; message: string; needsOneTimeCode: boolean }
  | { kind: "unreadable"; message: string }
  /** The service failed (5xx) or asked to slow down (429): not a verdict on the account, retried like an unreachable service. */
  | { kind: "unavailable"; message: string };

const ONE_TIME_CODE = /\b(one[- ]time|otp|passcode|verification code|two[- ]factor|multi[- ]factor|mfa|authenticat(?:or|ion) code)\b/i;

export function readLoginResponse(body: string): LoginReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { kind: "unreadable", message: "the authentication service did not answer JSON" };
  }
  const fields = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const result = String(fields.loginResult ?? "").trim();
  const description = typeof fields.errorDescription === "string" ? fields.errorDescription.trim() : "";
  const token = typeof fields.nextGenCSO === "string" ? fields.nextGenCSO.trim() : "";
  if (result === "0" && token) return { kind: "logged_in", token, notice: description || null };
  if (result === "0") return { kind: "unreadable", message: "logged in, but the answer carries no session token" };
  if (result === "1" || description) {
    const message = description || "login refused";
    return { kind: "refused", message, needsOneTimeCode: ONE_TIME_CODE.test(message) };
  }
  return { kind: "unreadable", message: "no loginResult in the authentication service's answer" };
}

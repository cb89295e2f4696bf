// The current one-time code of a PACER account with two-factor login: TOTP (RFC 6238, SHA-1, 6 digits,
// 30 s) from the base32 secret of the account's authenticator enrolment, computed by the otpauth library.
import { Secret, TOTP } from "otpauth";

export function totpCode(base32Secret: string, at: Date): string {
  const totp = new TOTP({ secret: Secret.fromBase32(base32Secret), algorithm: "SHA1", digits: 6, period: 30 });
  return totp.generate({ timestamp: at.getTime() });
}

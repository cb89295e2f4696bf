// The browser the status-page tests drive: Debian's Chromium (or CHROMIUM_PATH). Without it the tests stop
// with what to install, instead of playwright's bare "executable doesn't exist at /usr/bin/chromium".
import { existsSync } from "node:fs";

export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export function chromiumPath(configured: string | undefined = process.env.CHROMIUM_PATH): string {
  const candidate = configured ?? "/usr/bin/chromium";
  if (existsSync(candidate)) return candidate;
  throw new Error(
    `No Chromium at ${candidate}: the status-page tests (tests/e2e) drive a real browser. Install Debian's with ` +
      "`apt-get install -y chromium` (what .ci/run does), or set CHROMIUM_PATH to a Chromium or Chrome binary. " +
      "Nothing is downloaded by the tests themselves.",
  );
}

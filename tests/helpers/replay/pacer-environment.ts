// A replay server speaking PACER, and this process configured to use it: the production PACER adapter,
// fetchers and court HTTP client, with only the base URLs pointing at 127.0.0.1 (and the HTTP client's
// patience shortened so outage tests end quickly). Call configurePacerAccount() in `vi.hoisted` so the
// court registry, computed when first imported, sees a configured PACER account.
import { resetEnvForTests } from "@/lib/env";
import { resetCourtHttpClientForTests } from "@/lib/sources/http/court-http-client";
import { forgetFeeBudgetNotice } from "@/lib/sources/pacer/fee-budget-notice";
import { PacerReplay } from "./pacer-protocol";
import { REPLAY_HTTP_SETTINGS, ReplayServer } from "./replay-server";

export const TEST_LOGIN = { loginId: "replay-user", password: "correct horse battery staple" };

export interface PacerEnvironment {
  server: ReplayServer;
  pacer: PacerReplay;
  /** Changes configuration (PACER_* or COURT_HTTP_*), then re-reads it. Undefined removes a variable. */
  configure(values: Record<string, string | undefined>): void;
  close(): Promise<void>;
}

export async function startPacerEnvironment(): Promise<PacerEnvironment> {
  const pacer = new PacerReplay();
  pacer.addAccount(TEST_LOGIN);
  const server = await ReplayServer.start([pacer]);
  const configure = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvForTests();
    resetCourtHttpClientForTests();
    forgetFeeBudgetNotice();
  };
  configure({
    PACER_USERNAME: TEST_LOGIN.loginId,
    PACER_PASSWORD: TEST_LOGIN.password,
    PACER_LOGIN_URL: `${server.baseUrl}/pacer-login`,
    PACER_ECF_URL_TEMPLATE: `${server.baseUrl}/ecf/{court}`,
    ...REPLAY_HTTP_SETTINGS,
  });
  return { server, pacer, configure, close: () => server.close() };
}

/** For `vi.hoisted`: a PACER account in the environment before any module reads it. */
export function configurePacerAccount(): void {
  process.env.PACER_USERNAME = "replay-user";
  process.env.PACER_PASSWORD = "correct horse battery staple";
}

// The PACER session ecf-request.ts hands the court HTTP client is for the CM/ECF server it asks: over https it
// is a secure cookie, so a redirect of that server to plain http (the client follows redirects itself with
// the jar: redirect-hop.ts) does not carry the token in clear. The client is stood in for: only the jar it is
// given is looked at.
import { describe, expect, it, vi } from "vitest";
import type { CookieJar } from "@/lib/sources/http/cookie-jar";
import type { CourtRequest } from "@/lib/sources/http/court-http-client";

const asked: CourtRequest[] = [];
vi.mock("@/lib/sources/http/court-http-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/sources/http/court-http-client")>()),
  getCourtHttpClient: () => ({
    request: async (request: CourtRequest) => {
      asked.push(request);
      const body = new TextEncoder().encode("<html>docket</html>");
      return { status: 200, url: request.url, headers: new Headers(), body, attempts: 1, text: () => "<html>docket</html>" };
    },
  }),
}));
vi.mock("@/lib/sources/pacer/pacer-session", () => ({ pacerToken: async () => "secret-token" }));

const { ecfRequest } = await import("@/lib/sources/pacer/ecf-request");

const settings = (ecfUrlTemplate: string) => ({
  loginId: "user",
  password: "pass",
  clientCode: "client",
  totpSecret: null,
  loginUrl: "https://pacer.login.uscourts.gov",
  ecfUrlTemplate,
  dailyBudgetCents: 1000,
  monthlyBudgetCents: 10000,
  loginBackoffMs: 1000,
  feedSkewMs: 0,
  reportTimeoutMs: 1000,
});

async function jarFor(ecfUrlTemplate: string): Promise<CookieJar> {
  asked.length = 0;
  await ecfRequest({ prisma: {} as never, settings: settings(ecfUrlTemplate) as never, courtCode: "dcd", path: "/cgi-bin/DktRpt.pl?1", label: "test", loggedOut: () => false });
  return asked[0]!.cookies!;
}

describe("ecf-request's PACER session cookies", () => {
  it("are secure for an https CM/ECF server: not sent to a plain http URL of the same host", async () => {
    const jar = await jarFor("https://ecf.{court}.uscourts.gov");
    expect(jar.headerFor("https://ecf.dcd.uscourts.gov/cgi-bin/DktRpt.pl?2")).toBe("NextGenCSO=secret-token; PacerSession=secret-token; PacerClientCode=client");
    expect(jar.headerFor("http://ecf.dcd.uscourts.gov/cgi-bin/DktRpt.pl?2")).toBeNull();
  });

  it("are sent to a plain http server configured as the court's (a local replay server)", async () => {
    const jar = await jarFor("http://127.0.0.1:8080/{court}");
    expect(jar.headerFor("http://127.0.0.1:8080/dcd/cgi-bin/DktRpt.pl?2")).toMatch(/NextGenCSO=secret-token/);
  });
});

// The court HTTP client follows redirects itself (redirect-hop.ts) with its cookie jar: a court's redirect
// from https to plain http must not carry a secure session (the PACER token) in clear. fetch, following
// redirects, dropped the Cookie header on any change of origin; the jar matches by host name only.
import { describe, expect, it } from "vitest";
import { CookieJar } from "@/lib/sources/http/cookie-jar";
import { nextHop } from "@/lib/sources/http/redirect-hop";

const ECF = "https://ecf.dcd.uscourts.gov/cgi-bin/DktRpt.pl?1";
const redirectTo = (location: string, setCookie?: string) => {
  const headers = new Headers({ location });
  if (setCookie) headers.append("set-cookie", setCookie);
  return headers;
};

describe("nextHop with a cookie jar", () => {
  it("does not send a secure session set for an https server to a plain http target on the same host", () => {
    const jar = new CookieJar();
    jar.set("ecf.dcd.uscourts.gov", "NextGenCSO", "token", "/", true);
    const hop = { url: ECF, method: "GET", headers: { cookie: "NextGenCSO=token" } };
    const toHttp = nextHop(hop, 302, redirectTo("http://ecf.dcd.uscourts.gov/cgi-bin/DktRpt.pl?2"), jar);
    expect(toHttp?.url).toBe("http://ecf.dcd.uscourts.gov/cgi-bin/DktRpt.pl?2");
    expect(toHttp?.headers.cookie).toBeUndefined();
    // Over https it is still sent.
    expect(nextHop(hop, 302, redirectTo("/cgi-bin/DktRpt.pl?3"), jar)?.headers.cookie).toBe("NextGenCSO=token");
  });

  it("does not send a cookie a court set with Secure to a plain http target", () => {
    const jar = new CookieJar();
    const hop = { url: ECF, method: "GET", headers: {} };
    const toHttp = nextHop(hop, 302, redirectTo("http://ecf.dcd.uscourts.gov/next", "KEY=hop; Path=/; Secure"), jar);
    expect(toHttp?.headers.cookie).toBeUndefined();
    expect(jar.headerFor("https://ecf.dcd.uscourts.gov/next")).toBe("KEY=hop");
  });

  it("sends a cookie without Secure to plain http, as a browser does", () => {
    const jar = new CookieJar();
    const hop = { url: "http://127.0.0.1:8080/a", method: "GET", headers: {} };
    expect(nextHop(hop, 302, redirectTo("/b", "KEY=hop; Path=/"), jar)?.headers.cookie).toBe("KEY=hop");
  });

  it("keeps a cookie a court scopes to a bare top-level domain (Domain=gov) to the host that set it", () => {
    const jar = new CookieJar();
    jar.storeFrom(ECF, ["WIDE=1; Domain=gov; Path=/", "COURTS=1; Domain=.uscourts.gov; Path=/"]);
    // Not sent to another .gov host a redirect points to; a court-wide cookie still reaches the other courts.
    expect(jar.headerFor("https://search.txcourts.gov/Case.aspx")).toBeNull();
    expect(jar.headerFor("https://ecf.nysd.uscourts.gov/")).toBe("COURTS=1");
    expect(jar.headerFor(ECF)).toBe("WIDE=1; COURTS=1");
  });
});

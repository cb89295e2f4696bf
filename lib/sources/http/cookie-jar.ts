// Cookies for court systems that keep a session in them (CM/ECF's NextGenCSO / PacerSession, ASP.NET
// session ids of state portals). Deliberately small: name/value by domain and path, host-only or domain
// cookies, expiry by Max-Age or Expires; what a court's own pages set is stored back from responses.
// A jar belongs to one client session; nothing here is shared between accounts.
// Secure cookies (the attribute, or a session set for an https server) are never sent to a plain http URL:
// the court HTTP client follows redirects itself (redirect-hop.ts), and a court's redirect from https to http
// must not carry the PACER token in clear (fetch, following redirects, dropped the Cookie header on any change
// of origin; the jar matches by host name only).

interface StoredCookie {
  name: string;
  value: string;
  /** Lowercase domain without a leading dot. */
  domain: string;
  /** Host-only cookies match their host exactly; domain cookies match subdomains too. */
  hostOnly: boolean;
  path: string;
  expiresAt: number | null;
  /** Sent over https only. */
  secure: boolean;
}

export class CookieJar {
  private cookies: StoredCookie[] = [];

  /**
   * Sets a cookie as a client would for `domain` (".uscourts.gov" style: subdomains included); `secure`: sent
   * over https only (a session for an https server).
   */
  set(domain: string, name: string, value: string, path = "/", secure = false): void {
    const clean = domain.toLowerCase().replace(/^\./, "");
    this.put({ name, value, domain: clean, hostOnly: !domain.startsWith("."), path, expiresAt: null, secure });
  }

  /** Stores the Set-Cookie headers of a response to `url`. */
  storeFrom(url: string, setCookieHeaders: readonly string[]): void {
    const host = new URL(url).hostname.toLowerCase();
    for (const header of setCookieHeaders) {
      const [pair = "", ...attributes] = header.split(";");
      const equals = pair.indexOf("=");
      if (equals <= 0) continue;
      const cookie: StoredCookie = {
        name: pair.slice(0, equals).trim(),
        value: pair.slice(equals + 1).trim(),
        domain: host,
        hostOnly: true,
        path: "/",
        expiresAt: null,
        secure: false,
      };
      for (const attribute of attributes) {
        const [rawKey = "", ...rest] = attribute.split("=");
        const key = rawKey.trim().toLowerCase();
        const value = rest.join("=").trim();
        if (key === "domain" && value) {
          const domain = value.toLowerCase().replace(/^\./, "");
          // A response may set cookies only for its own host or a parent domain of it, and not for a bare
          // top-level domain ("gov": every .gov host a redirect leads to). Refused, the cookie stays host-only.
          // (Multi-label public suffixes such as "co.uk" are not known here; the courts' hosts are .gov and .us.)
          if (host === domain || (domain.includes(".") && host.endsWith(`.${domain}`))) {
            cookie.domain = domain;
            cookie.hostOnly = false;
          }
        } else if (key === "path" && value.startsWith("/")) cookie.path = value;
        else if (key === "max-age" && /^-?\d+$/.test(value)) cookie.expiresAt = Date.now() + Number(value) * 1000;
        else if (key === "expires" && cookie.expiresAt === null && !Number.isNaN(Date.parse(value))) cookie.expiresAt = Date.parse(value);
        else if (key === "secure") cookie.secure = true;
      }
      this.put(cookie);
    }
  }

  /** The Cookie header for a request to `url`, or null when no cookie applies. */
  headerFor(url: string): string | null {
    const { hostname, pathname, protocol } = new URL(url);
    const host = hostname.toLowerCase();
    const now = Date.now();
    this.cookies = this.cookies.filter((cookie) => cookie.expiresAt === null || cookie.expiresAt > now);
    const matching = this.cookies.filter(
      (cookie) =>
        (cookie.hostOnly ? host === cookie.domain : host === cookie.domain || host.endsWith(`.${cookie.domain}`)) &&
        pathname.startsWith(cookie.path) &&
        (!cookie.secure || protocol === "https:"),
    );
    return matching.length > 0 ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") : null;
  }

  clear(): void {
    this.cookies = [];
  }

  private put(cookie: StoredCookie): void {
    this.cookies = this.cookies.filter(
      (other) => !(other.name === cookie.name && other.domain === cookie.domain && other.path === cookie.path),
    );
    if (cookie.expiresAt === null || cookie.expiresAt > Date.now()) this.cookies.push(cookie);
  }
}

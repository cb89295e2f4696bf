// The request a court's redirect leads to, as fetch would make it, for the court HTTP client that follows
// redirects itself (court-http-client.ts, send-on-own-connection.ts): fetch following them drops the cookies
// a redirect sets, and CM/ECF and PACER's login set their session on a 302 to the page asked for, which then
// answers "not logged in". With a cookie jar, each hop's Set-Cookie is stored and the next hop sends the
// jar's cookies for its own URL; without one, credentials are not sent to another origin, as fetch does.
import type { CookieJar } from "./cookie-jar";

export const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);
/** Credentials never sent to another origin than the one they were given for (as fetch drops them). */
const CREDENTIALS = ["cookie", "authorization", "proxy-authorization"];

export interface Hop {
  url: string;
  method: string;
  body?: string | FormData | URLSearchParams;
  headers: Record<string, string>;
}

/**
 * The next request after an answer to `current`, or null when the answer is no redirect (or has no Location).
 * Stores the answer's cookies in `cookies` first. Throws when the Location is no http(s) URL.
 */
export function nextHop(current: Hop, status: number, headers: Headers, cookies?: CookieJar): Hop | null {
  cookies?.storeFrom(current.url, headers.getSetCookie());
  const location = headers.get("location");
  if (!REDIRECT_STATUS.has(status) || !location) return null;
  const next = new URL(location, current.url);
  if (next.protocol !== "http:" && next.protocol !== "https:") throw new Error(`redirect to ${next.protocol}`);
  let { method, body } = current;
  let nextHeaders = { ...current.headers };
  if (next.origin !== new URL(current.url).origin) nextHeaders = Object.fromEntries(Object.entries(nextHeaders).filter(([name]) => !CREDENTIALS.includes(name.toLowerCase())));
  // As fetch: 303 (and 301/302 after a POST) continue with a GET without the body; 307/308 repeat the request.
  if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
    method = "GET";
    body = undefined;
    nextHeaders = Object.fromEntries(Object.entries(nextHeaders).filter(([name]) => name.toLowerCase() !== "content-type"));
  }
  if (cookies) {
    // The jar's cookies for the next URL (those this redirect set included), whatever the origin.
    nextHeaders = Object.fromEntries(Object.entries(nextHeaders).filter(([name]) => name.toLowerCase() !== "cookie"));
    const cookie = cookies.headerFor(next.href);
    if (cookie) nextHeaders.cookie = cookie;
  }
  return { url: next.href, method, body, headers: nextHeaders };
}

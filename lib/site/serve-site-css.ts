// The stylesheet's answer. Asked for under its current version (the URL the pages link), it is cached for
// a year; under any other URL (an old version, none) for five minutes, so a stale page still gets styles.
import { SITE_CSS, SITE_CSS_VERSION } from "./site-css";

const BODY = Buffer.from(SITE_CSS, "utf8");

export function serveSiteCss(request: Request): Response {
  const current = new URL(request.url).searchParams.get("v") === SITE_CSS_VERSION;
  return new Response(BODY, {
    headers: {
      "content-type": "text/css; charset=utf-8",
      "cache-control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}

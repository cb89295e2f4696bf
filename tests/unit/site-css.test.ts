// The site's stylesheet: one source for every page, cached for a year under its versioned URL only.
import { describe, expect, it } from "vitest";
import { SITE_CSS, SITE_CSS_HREF, SITE_CSS_VERSION } from "@/lib/site/site-css";
import { serveSiteCss } from "@/lib/site/serve-site-css";

describe("site stylesheet", () => {
  it("is immutable under the URL the pages link, and short-lived under any other", async () => {
    expect(SITE_CSS_HREF).toBe(`/site.css?v=${SITE_CSS_VERSION}`);
    const current = serveSiteCss(new Request(`http://localhost${SITE_CSS_HREF}`));
    expect(current.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(current.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await current.text()).toBe(SITE_CSS);
    const old = serveSiteCss(new Request("http://localhost/site.css?v=000000000000"));
    expect(old.headers.get("cache-control")).toBe("public, max-age=300");
    expect(await old.text()).toBe(SITE_CSS);
  });

  it("uses system fonts only and loads nothing from elsewhere", () => {
    expect(SITE_CSS).not.toMatch(/@import|url\(|@font-face/);
  });
});

// The docs the API links to exist: every documentation_url (one per error code) lands on an anchor of
// the served errors page, every page in docs/ is served, and every in-site link on those pages and on the
// status page resolves, anchors included.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { ERROR_CODES } from "@/contract";

const baseUrl = () => inject("baseUrl");
const DOC_PAGES = readdirSync(path.join(process.cwd(), "docs"))
  .filter((file) => file.endsWith(".md"))
  .map((file) => `/docs/${file.slice(0, -3)}`);

async function page(url: string): Promise<string> {
  const response = await fetch(new URL(url, baseUrl()));
  expect(response.status, url).toBe(200);
  return response.text();
}

/** Same-site links of the HTML page at `source`, relative ones resolved against it (as a browser does), entities
 * decoded: path, query and anchor. */
function siteLinks(html: string, source: string): string[] {
  const base = new URL(source, baseUrl());
  return [...html.matchAll(/href="([^"]*)"/g)]
    .map((match) => new URL(match[1]!.replaceAll("&amp;", "&"), base))
    .filter((url) => url.origin === base.origin && !url.pathname.startsWith("/_next/"))
    .map((url) => `${url.pathname}${url.search}${url.hash}`);
}

describe("served docs", () => {
  it("has an anchor on /docs/errors for every error code", async () => {
    const html = await page("/docs/errors");
    for (const code of ERROR_CODES) expect(html, code).toContain(`id="${code}"`);
  });

  it("serves the changelog the status endpoint links to, and every page in docs/", async () => {
    const status = await (await fetch(`${baseUrl()}/v2/status`)).json();
    expect(DOC_PAGES).toContain("/docs/quickstart");
    for (const url of [status.changelog_url, ...DOC_PAGES]) expect(await page(url), url).toContain("<h1");
  });

  it("has no broken in-site links or anchors on the docs and the status page", async () => {
    const cache = new Map<string, string>();
    const load = async (url: string) => {
      if (!cache.has(url)) cache.set(url, await page(url));
      return cache.get(url)!;
    };
    let checked = 0;
    for (const source of ["/", ...DOC_PAGES]) {
      for (const href of siteLinks(await load(source), source)) {
        const [target, anchor] = href.split("#") as [string, string | undefined];
        // Paid endpoints answer 402/400 to a bare GET; they are covered by their own tests.
        if (target.startsWith("/v1/") || (target.startsWith("/v2/") && target !== "/v2/status" && target !== "/v2/openapi.json")) continue;
        checked += 1;
        const html = await load(target);
        if (anchor) expect(html, `${source} → ${href}`).toContain(`id="${anchor}"`);
      }
    }
    // The site header alone links every page from every page.
    expect(checked).toBeGreaterThan(DOC_PAGES.length * 5);
  });
});

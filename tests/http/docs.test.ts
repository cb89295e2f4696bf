// The docs the API links to exist: every documentation_url (one per error code) lands on an anchor of
// the served errors page, and the changelog_url of /v2/status answers.
import { describe, expect, inject, it } from "vitest";
import { ERROR_CODES } from "@/contract";

const baseUrl = () => inject("baseUrl");

describe("served docs", () => {
  it("has an anchor on /docs/errors for every error code", async () => {
    const response = await fetch(`${baseUrl()}/docs/errors`);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const code of ERROR_CODES) expect(html, code).toContain(`id="${code}"`);
  });

  it("serves the changelog the status endpoint links to, and the sandbox and configuration pages", async () => {
    const status = await (await fetch(`${baseUrl()}/v2/status`)).json();
    const pages = ["sandbox", "configuration", "live-data", "deploy", "performance", "payments", "callbacks", "mcp"].map((page) => `${baseUrl()}/docs/${page}`);
    for (const url of [status.changelog_url, ...pages]) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(await response.text()).toContain("<h1");
    }
  });
});

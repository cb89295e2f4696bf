// The site header's links: the root layout renders them for the documentation pages, the status page's
// own HTML (lib/status/render-status-page.ts) writes the same header.
export const SITE_NAME = "Court docket monitoring API";

export const SITE_DESCRIPTION = "Pay-per-query court docket monitoring for AI agents: US federal, US state and Canadian courts.";

export const NAV_LINKS: readonly { href: string; text: string }[] = [
  { href: "/", text: "Status" },
  { href: "/docs/quickstart", text: "Quick start" },
  { href: "/docs/sandbox", text: "Sandbox" },
  { href: "/docs/payments", text: "Pricing and limits" },
  { href: "/docs/errors", text: "Errors" },
  { href: "/docs/callbacks", text: "Callbacks" },
  { href: "/docs/mcp", text: "MCP" },
  { href: "/docs/changelog", text: "Changelog" },
];

import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Court docket monitoring API", template: "%s · Court docket monitoring API" },
  description: "Pay-per-query court docket monitoring for AI agents: US federal, US state and Canadian courts.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <header className="site">
          <a href="/" className="brand">
            Court docket monitoring API
          </a>
          <nav aria-label="Main">
            <a href="/">Status</a>
            <a href="/docs/quickstart">Quick start</a>
            <a href="/docs/sandbox">Sandbox</a>
            <a href="/docs/payments">Pricing and limits</a>
            <a href="/docs/errors">Errors</a>
            <a href="/docs/callbacks">Callbacks</a>
            <a href="/docs/mcp">MCP</a>
            <a href="/docs/changelog">Changelog</a>
          </nav>
        </header>
        <main id="main">{children}</main>
      </body>
    </html>
  );
}

import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SITE_CSS_HREF } from "@/lib/site/site-css";
import { NAV_LINKS, SITE_DESCRIPTION, SITE_NAME } from "@/lib/site/site-nav";

export const metadata: Metadata = {
  title: { default: SITE_NAME, template: `%s · ${SITE_NAME}` },
  description: SITE_DESCRIPTION,
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// The documentation pages' frame. The status page (app/route.ts) is not rendered by React: it writes the
// same header and links the same stylesheet itself.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <link rel="stylesheet" href={SITE_CSS_HREF} />
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <header className="site">
          <a href="/" className="brand">
            {SITE_NAME}
          </a>
          <nav aria-label="Main">
            {NAV_LINKS.map((link) => (
              <a key={link.href} href={link.href}>
                {link.text}
              </a>
            ))}
          </nav>
        </header>
        <main id="main">{children}</main>
      </body>
    </html>
  );
}

// The deployment's public origin, from configuration, never from a request (Host and X-Forwarded-Host are
// whatever a caller writes, and answers are kept by shared caches). PUBLIC_BASE_URL when set; on Vercel,
// the deployment's own URL; otherwise null, and the caller falls back to the address the server is bound to.
import type { Env } from "@/lib/env";

export function deploymentOrigin(env: Env): string | null {
  if (env.PUBLIC_BASE_URL) return env.PUBLIC_BASE_URL.replace(/\/+$/, "");
  const vercelHost = env.VERCEL === "1" ? (env.VERCEL_PROJECT_PRODUCTION_URL ?? env.VERCEL_URL) : undefined;
  if (vercelHost) return `https://${vercelHost.replace(/^https?:\/\//, "").replace(/\/+$/, "")}`;
  return null;
}

/** For pages, which have no request URL: the deployment's origin, else the local server's. */
export function pageOrigin(env: Env): string {
  return deploymentOrigin(env) ?? `http://localhost:${env.PORT ?? 3000}`;
}

/** The placeholder origin docs/ is written with; served pages show the deployment's origin instead. */
export const DOCS_PLACEHOLDER_ORIGIN = "https://api.example.com";

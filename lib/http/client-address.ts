// Who is calling, as the deployment knows it, never as the caller says it (sandbox limits are keyed on
// it). X-Forwarded-For is a list anyone can start: only the entries our own proxies appended are true.
// TRUSTED_PROXY (lib/env.ts) says which those are: Vercel's own header on Vercel; with N proxies in front
// of the app, the Nth entry from the right; with none, the TCP peer, which the server's raw-request guard
// (lib/http/raw-request-guard.ts) writes into PEER_ADDRESS_HEADER after removing any copy a caller sent.
import { getEnv, trustedProxy } from "@/lib/env";

export const PEER_ADDRESS_HEADER = "x-court-docket-peer-address";

function forwardedChain(request: Request): string[] {
  return (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
}

export function clientAddress(request: Request): string {
  const mode = trustedProxy(getEnv());
  if (mode === "vercel") {
    // Vercel overwrites this header with the address it accepted the connection from.
    return request.headers.get("x-vercel-forwarded-for")?.split(",")[0]?.trim() || request.headers.get("x-real-ip")?.trim() || "unknown";
  }
  if (mode === "none") return request.headers.get(PEER_ADDRESS_HEADER)?.trim() || "unknown";
  const chain = forwardedChain(request);
  // Fewer entries than trusted proxies: the request did not come through them all; its leftmost entry is
  // then the closest we have, and still one our proxies wrote (Next appends the peer when none is sent).
  return chain[Math.max(chain.length - mode, 0)] ?? "unknown";
}

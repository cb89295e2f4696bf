// Who is calling, as the deployment knows it, never as the caller says it (sandbox limits are keyed on
// it). X-Forwarded-For is a list anyone can start: only the entries our own proxies appended are true.
// TRUSTED_PROXY (lib/env.ts) says which those are: Vercel's own header on Vercel; with N proxies in front
// of the app, the Nth entry from the right; with none, the TCP peer, which the server's raw-request guard
// (lib/http/raw-request-guard.ts) writes into PEER_ADDRESS_HEADER after removing any copy a caller sent.
import { isIPv6 } from "node:net";
import { getEnv, trustedProxy } from "@/lib/env";
import { ipv4FromGroups, ipv6Groups } from "@/lib/http/ipv6-groups";

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

/**
 * What a per-address limit counts: an IPv4 address as it is (written inside IPv6 too: IPv4-mapped
 * `::ffff:a.b.c.d` in any spelling, NAT64's `64:ff9b::a.b.c.d`, the old IPv4-compatible `::a.b.c.d`), an IPv6
 * address by its /64 — the block one customer line or host is given, so an address per request from it does
 * not buy a new limit each time (`2001:db8:1:2::5` and `2001:db8:1:2::6` are one caller). A port is dropped.
 */
export function limitKey(address: string): string {
  const trimmed = address.trim();
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(trimmed);
  if (v4WithPort) return v4WithPort[1]!;
  const plain = (/^\[([^\]]*)\](?::\d+)?$/.exec(trimmed)?.[1] ?? trimmed).replace(/%.*$/, "");
  if (!isIPv6(plain)) return trimmed;
  const groups = ipv6Groups(plain);
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  const embeddedV4 =
    (zeros(0, 5) && groups[5] === 0xffff) || (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) || (zeros(0, 6) && groups[6] !== 0);
  if (embeddedV4) return ipv4FromGroups(groups[6]!, groups[7]!);
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

// Who is calling, as the deployment knows it, never as the caller says it (sandbox limits are keyed on
// it). X-Forwarded-For is a list anyone can start: only the entries our own proxies appended are true.
// TRUSTED_PROXY (lib/env.ts) says which those are: Vercel's own header on Vercel; with N proxies in front
// of the app, the Nth entry from the right; with none, the TCP peer, which the server's raw-request guard
// (lib/http/raw-request-guard.ts) writes into PEER_ADDRESS_HEADER after removing any copy a caller sent.
import { isIPv6 } from "node:net";
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

/**
 * What a per-address limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 form too), an IPv6 address
 * by its /64 — the block one customer line or host is given, so an address per request from it does not buy
 * a new limit each time (`2001:db8:1:2::5` and `2001:db8:1:2::6` are one caller).
 */
export function limitKey(address: string): string {
  const plain = address.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^(?:0*:)*:ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(plain);
  if (mapped) return mapped[1]!;
  if (!isIPv6(plain)) return address;
  const halves = plain.split("::");
  const groupsOf = (part: string | undefined) => (part ? part.split(":") : []);
  const left = groupsOf(halves[0]);
  const right = groupsOf(halves[1]);
  // A dotted IPv4 tail stands for two groups (it is in the low 64 bits: it only moves the gap's size).
  const dotted = [...left, ...right].some((group) => group.includes(".")) ? 1 : 0;
  const groups = halves.length > 1 ? [...left, ...Array<string>(8 - left.length - right.length - dotted).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(":")}::/64`;
}

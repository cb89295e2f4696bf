// SSRF guard for callback targets. The check runs on the address a connection is about to use (in the
// socket's DNS lookup), not on the host name, so a name that resolves to an internal address, or
// changes its answer between a check and the connection, is refused all the same.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { ipv4FromGroups, ipv6Groups } from "@/lib/http/ipv6-groups";

const blocked = new BlockList();
// IPv4: "this" network, private, loopback, link-local (incl. cloud metadata 169.254.169.254), shared
// address space, IETF protocol, benchmarking, documentation, multicast and reserved ranges.
for (const [network, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24],
  ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) blocked.addSubnet(network, prefix, "ipv4");
// IPv6: unspecified, loopback and the deprecated IPv4-compatible addresses (::/96: `::127.0.0.1` is IPv4
// written inside IPv6, routed to it by hosts with an automatic tunnel), SIIT's IPv4-translated addresses
// (::ffff:0:0:0/96), IPv4-mapped (checked as IPv4 below), discard-only, NAT64's local-use prefix (where the IPv4
// sits is the network's choice, so none can be read out), unique-local, site-local (deprecated, still routed
// inside sites), link-local, multicast, documentation, benchmarking.
for (const [network, prefix] of [
  ["::", 96], ["::ffff:0:0:0", 96], ["100::", 64], ["64:ff9b:1::", 48], ["fc00::", 7], ["fec0::", 10], ["fe80::", 10],
  ["ff00::", 8], ["2001:db8::", 32], ["2001:2::", 48],
] as const) blocked.addSubnet(network, prefix, "ipv6");

/**
 * The IPv4 addresses an IPv6 address is delivered to by a relay or translator on the way: 6to4 (2002::/16, the
 * IPv4 in bits 16–47), Teredo (2001::/32: its server in bits 32–63, its client in the last 32 with every bit
 * inverted) and NAT64's well-known prefix (64:ff9b::/96, the last 32). A connection to one reaches that IPv4
 * address, so it is judged as that address; a public one stays reachable (an IPv6-only host's DNS64 writes
 * every IPv4-only target in the NAT64 form).
 */
function carriedIPv4(address: string): string[] {
  const groups = ipv6Groups(address);
  const [first, second] = groups as [number, number];
  if (first === 0x2002) return [ipv4FromGroups(groups[1]!, groups[2]!)];
  if (first === 0x2001 && second === 0) return [ipv4FromGroups(groups[2]!, groups[3]!), ipv4FromGroups(~groups[6]! & 0xffff, ~groups[7]! & 0xffff)];
  if (first === 0x64 && second === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) return [ipv4FromGroups(groups[6]!, groups[7]!)];
  return [];
}

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, "ipv4");
    if (blocked.check(address, "ipv6")) return true;
    return carriedIPv4(address.replace(/%.*$/, "")).some((ipv4) => blocked.check(ipv4, "ipv4"));
  }
  return true;
}

export class BlockedTargetError extends Error {
  constructor(readonly address: string) {
    super(`the callback target resolves to ${address}, an internal address; deliveries go to public addresses only`);
    this.name = "BlockedTargetError";
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http(s).request that refuses internal addresses (unless allowed). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const usable = allowPrivate ? addresses : addresses.filter((entry) => !isBlockedAddress(entry.address));
      if (usable.length === 0) return callback(new BlockedTargetError(addresses[0]?.address ?? hostname), []);
      if (options.all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

import { BlockList, isIP } from 'node:net';

/**
 * Which addresses the server may fetch an image URL from (decision 19): public unicast only. Loopback,
 * private, shared (CGNAT), link-local (incl. the 169.254.169.254 metadata service), multicast,
 * unspecified, documentation and reserved ranges are refused, in IPv4 and IPv6, IPv4-mapped, -translated,
 * -compatible and NAT64 IPv6 forms included, whatever their spelling.
 */
const blocked = new BlockList();

const IPV4_RANGES: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const IPV6_RANGES: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT): only meaningful behind a translator
  ['64:ff9b::', 96], // NAT64: reaches an IPv4 address through a translator
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

for (const [network, prefix] of IPV4_RANGES) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_RANGES) blocked.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part allowed), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  const groups = tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * The IPv4 address an IPv6 address carries in its last 32 bits when it is one of the forms that reach an
 * IPv4 host: IPv4-mapped (::ffff:0:0/96), IPv4-translated (SIIT, ::ffff:0:0:0/96), IPv4-compatible (::/96)
 * or NAT64 (64:ff9b::/96, 64:ff9b:1::/48). Any spelling: dotted, hex, leading zeros, full or compressed.
 */
export function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(bareAddress(address));
  if (!g) return undefined;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const mapped = zero(0, 5) && g[5] === 0xffff;
  const translated = zero(0, 4) && g[4] === 0xffff && g[5] === 0;
  const compatible = zero(0, 6);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && (zero(2, 6) || g[2] === 1);
  if (!mapped && !translated && !compatible && !nat64) return undefined;
  return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:xxxx:xxxx), if it is one. */
export function mappedIpv4(address: string): string | undefined {
  const g = ipv6Groups(bareAddress(address));
  return g && g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff ? embeddedIpv4(address) : undefined;
}

/** Strips the brackets of an IPv6 URL host ('[::1]') and an IPv6 zone ('fe80::1%eth0'). */
export function bareAddress(host: string): string {
  return host.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
}

/** True when the address is a public unicast address the server may connect to. */
export function isPublicAddress(address: string): boolean {
  const bare = bareAddress(address);
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family === 6) {
    // An address that reaches an IPv4 host is judged by that host; the IPv6 ranges still apply, so the
    // deprecated compatible form and NAT64 stay refused even for a public IPv4 inside.
    const v4 = embeddedIpv4(bare);
    if (v4 && blocked.check(v4, 'ipv4')) return false;
    return !blocked.check(bare, 'ipv6');
  }
  return false;
}

/** The check the importer runs on every address it would connect to; `allowed` lists exceptions (tests). */
export function addressAllowed(address: string, allowed: readonly string[] = []): boolean {
  const bare = bareAddress(address).toLowerCase();
  return allowed.includes(bare) || isPublicAddress(bare);
}

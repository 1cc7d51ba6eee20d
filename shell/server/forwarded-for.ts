import type { IncomingHttpHeaders } from 'node:http';
import proxyaddr from 'proxy-addr';

/** Whether a peer is a proxy in front of the site, whose X-Forwarded-* headers are believed. */
export type PeerTrust = (address: string) => boolean;

/**
 * TRUST_PROXY, read as the API reads it: 'true', 'false' (or empty), or proxy-addr names and ranges,
 * comma-separated ('loopback', '10.0.0.0/8'). Default: loopback, i.e. a reverse proxy on this machine.
 */
export function peerTrust(setting: string | undefined): PeerTrust {
  const value = (setting ?? 'loopback').trim();
  if (value === 'true') return () => true;
  if (value === 'false' || value === '') return () => false;
  const trusts = proxyaddr.compile(value.split(',').map((part) => part.trim()).filter(Boolean));
  // Asked on every /api request; proxy-addr parses the address each time (about 1 µs). Peers are few (a
  // proxy, a load balancer), and the memory stays bounded whatever connects.
  const known = new Map<string, boolean>();
  return (address) => {
    let trusted = known.get(address);
    if (trusted === undefined) {
      trusted = trusts(address, 0);
      if (known.size >= 1024) known.clear();
      known.set(address, trusted);
    }
    return trusted;
  };
}

/** Headers a client may send to pass for a proxy; only a trusted peer's reach the API. */
const CLAIMS = ['x-forwarded-proto', 'x-forwarded-host', 'forwarded'];

/**
 * Sets the forwarding headers the API gets with a request from `peer` on `headers` (which it returns).
 * X-Forwarded-For names the peer; behind a trusted proxy the chain it sent comes first, so the API (trusting
 * the same peers and this site) counts each visitor as a client of their own, not the proxy as one client for
 * everybody (rate limits). From anyone else the claims are dropped: a client cannot pick the address it is
 * counted under. In place, not on a copy: with the API in the site's process, a request given a copied headers
 * object went through the API about 20 % slower (/api through the site 0.75 of the API's own port, 0.92-1.01
 * changed in place; autocannon -c 50, 2026-12-08).
 */
export function forwardingHeaders(headers: IncomingHttpHeaders, peer: string, trusted: PeerTrust): IncomingHttpHeaders {
  const sent = headers['x-forwarded-for'];
  if (trusted(peer)) {
    headers['x-forwarded-for'] = sent ? `${String(sent)}, ${peer}` : peer;
    return headers;
  }
  headers['x-forwarded-for'] = peer;
  for (const name of CLAIMS) if (name in headers) delete headers[name];
  return headers;
}

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { addressAllowed, bareAddress } from '../images/address-policy';

/**
 * The one outbound-request policy of the API (decision 009, reused by the store-link checker): http(s)
 * only, no credentials in the URL, public addresses only (address literals checked here, names at connect
 * time through the checked lookup), and every redirect checked again by the caller with `urlProblem`.
 * `allowed` lists exact addresses allowed although not public: empty unless the test-only loopback
 * allowance is configured (OUTBOUND_ALLOW_LOOPBACK, refused in production).
 */

export const LOOPBACK_ADDRESSES: readonly string[] = ['127.0.0.1', '::1'];

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export class BlockedAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused to connect to ${address}`);
  }
}

/**
 * Resolves like dns.lookup, then refuses if any resolved address is not allowed; the socket connects to the
 * address checked here, so a DNS answer that changes between a check and the connection (rebinding) cannot
 * slip through. Handles both the single and the `all` (happy eyeballs) forms of the lookup contract.
 */
export function checkedLookup(allowed: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => !addressAllowed(a.address, allowed));
      if (refused || addresses.length === 0) return callback(new BlockedAddressError(refused?.address ?? hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export type UrlProblem = 'scheme' | 'credentials' | 'notPublic';

/** What makes a URL unfit to fetch before any connection, or undefined. Run it on every redirect too. */
export function urlProblem(url: URL, allowed: readonly string[]): UrlProblem | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  // An address literal never goes through the lookup, so it is checked here.
  const host = bareAddress(url.hostname);
  if (isIP(host) && !addressAllowed(host, allowed)) return 'notPublic';
  return undefined;
}

/** True when the error (or its cause) is the policy refusing an address. */
export function isBlockedAddress(error: unknown): boolean {
  return error instanceof BlockedAddressError || (error as { cause?: unknown })?.cause instanceof BlockedAddressError;
}

/** The network error code of a failed request (ECONNREFUSED, ENOTFOUND, …), if any. */
function networkCode(error: unknown): string | undefined {
  // net reports a failed connect to several addresses (happy eyeballs) as an AggregateError.
  if (error instanceof AggregateError) return error.errors.map(networkCode).find(Boolean);
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') return code;
  // An IncomingMessage cut short emits a plain Error('aborted').
  return message === 'aborted' ? 'ECONNRESET' : undefined;
}

/** What a network failure means to the person told about it; each caller words it in its own messages. */
export type NetworkProblem = 'unknownHost' | 'refused' | 'reset' | 'timeout' | 'unreachable';

const NETWORK_PROBLEMS: Record<string, NetworkProblem> = {
  ENOTFOUND: 'unknownHost',
  EAI_AGAIN: 'unknownHost',
  EAI_NODATA: 'unknownHost',
  EAI_NONAME: 'unknownHost',
  ECONNREFUSED: 'refused',
  ECONNRESET: 'reset',
  ECONNABORTED: 'reset',
  EPIPE: 'reset',
  ERR_STREAM_PREMATURE_CLOSE: 'reset',
  ETIMEDOUT: 'timeout',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EADDRNOTAVAIL: 'unreachable',
};

/** The problem a failed request's network error code stands for, if it is a known one. */
export function networkProblem(error: unknown): NetworkProblem | undefined {
  const code = networkCode(error);
  return code === undefined ? undefined : NETWORK_PROBLEMS[code];
}

export interface OutboundRequest {
  method: 'GET' | 'HEAD';
  headers: OutgoingHttpHeaders;
  allowed: readonly string[];
  signal: AbortSignal;
}

/**
 * Sends one request under the policy and resolves with the response as soon as its headers arrive (the
 * caller decides how much of the body to read). Call `urlProblem` first; redirects are not followed here.
 */
export function openRequest(url: URL, { method, headers, allowed, signal }: OutboundRequest): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method,
      // No connection reuse: every connection goes through the checked lookup.
      agent: false,
      lookup: checkedLookup(allowed),
      signal,
      headers,
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}

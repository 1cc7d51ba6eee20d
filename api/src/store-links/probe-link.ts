import type { IncomingMessage } from 'node:http';
import { REDIRECT_STATUSES, isBlockedAddress, networkProblem, openRequest, urlProblem } from '../outbound/outbound-request';
import { STORE_LINK_USER_AGENT, type StoreLinkCheckOptions } from './store-link-options';

/** What one check of a link found. `inconclusive` (429) is the store asking us to slow down, not a verdict. */
export interface ProbeResult {
  outcome: 'ok' | 'failed' | 'inconclusive';
  /** The final HTTP status, or null when no answer came. */
  status: number | null;
  /** Why the check failed without a status (shown to admins). */
  error: string | null;
}

/** Reasons shown to admins, in the style of the image import's messages. */
export const PROBE_ERRORS = {
  scheme: 'The link does not start with http:// or https://.',
  credentials: 'The link contains a user name or password.',
  notPublic: 'The link points to a private or local network address, which is not checked.',
  unknownHost: "The store's host was not found.",
  refused: "The store's server refused the connection.",
  unreachable: 'No route to the store.',
  reset: "The store's server closed the connection.",
  failed: 'The link could not be checked because of a network error.',
  timeout: 'The store took too long to answer.',
  tooManyRedirects: 'The link redirected too many times.',
  badRedirect: 'The link redirected to an invalid address.',
} as const;

class ProbeStop extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

const failed = (error: string | null, status: number | null = null): ProbeResult => ({ outcome: 'failed', status, error });

/** Follows redirects (each checked against the policy) and returns the final status. Never reads a body. */
async function finalStatus(start: URL, method: 'HEAD' | 'GET', options: StoreLinkCheckOptions, signal: AbortSignal): Promise<number> {
  let url = start;
  for (let redirects = 0; ; redirects++) {
    const problem = urlProblem(url, options.allowedAddresses);
    if (problem) throw new ProbeStop(PROBE_ERRORS[problem]);
    const response: IncomingMessage = await openRequest(url, {
      method,
      allowed: options.allowedAddresses,
      signal,
      headers: { 'user-agent': STORE_LINK_USER_AGENT, accept: 'text/html,*/*;q=0.8' },
    });
    const status = response.statusCode ?? 0;
    // The status is all we need: drop the connection without reading the page (at most what is already buffered).
    response.destroy();
    if (!REDIRECT_STATUSES.has(status)) return status;
    if (redirects >= options.maxRedirects) throw new ProbeStop(PROBE_ERRORS.tooManyRedirects);
    const location = response.headers.location;
    if (!location || !URL.canParse(location, url)) throw new ProbeStop(PROBE_ERRORS.badRedirect);
    url = new URL(location, url);
  }
}

function describe(error: unknown, signal: AbortSignal): string {
  if (error instanceof ProbeStop) return error.reason;
  if (signal.aborted) return PROBE_ERRORS.timeout;
  if (isBlockedAddress(error)) return PROBE_ERRORS.notPublic;
  return PROBE_ERRORS[networkProblem(error) ?? 'failed'];
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * Checks one store link politely: a HEAD first; when that does not succeed (many stores answer 405 or 403 to
 * HEAD) one GET, whose body is never read. The whole check, redirects included, has one time limit; every
 * redirect goes through the address policy again.
 */
export async function probeLink(address: string, options: StoreLinkCheckOptions): Promise<ProbeResult> {
  if (!URL.canParse(address)) return failed(PROBE_ERRORS.scheme);
  const url = new URL(address);
  const signal = AbortSignal.timeout(options.timeoutMs);
  let headStatus: number | null = null;
  try {
    headStatus = await finalStatus(url, 'HEAD', options, signal);
    if (isSuccess(headStatus)) return { outcome: 'ok', status: headStatus, error: null };
    // Asked to slow down: a GET straight after would be the next request too soon.
    if (headStatus === 429) return { outcome: 'inconclusive', status: headStatus, error: null };
  } catch (error) {
    // A refusal by the policy or a timeout will not change with another method.
    if (error instanceof ProbeStop || signal.aborted || isBlockedAddress(error)) return failed(describe(error, signal));
  }
  try {
    const status = await finalStatus(url, 'GET', options, signal);
    if (isSuccess(status)) return { outcome: 'ok', status, error: null };
    if (status === 429) return { outcome: 'inconclusive', status, error: null };
    return failed(null, status);
  } catch (error) {
    return failed(describe(error, signal), headStatus);
  }
}

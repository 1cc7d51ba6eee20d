import type { IncomingMessage } from 'node:http';
import { BATTLESTATION_MESSAGES, LIMITS } from '@battledeck/shared/contract';
import { HttpError, badRequest, payloadTooLarge } from '../errors';
import { REDIRECT_STATUSES, isBlockedAddress, networkProblem, openRequest, urlProblem } from '../outbound/outbound-request';

export interface ImageImportOptions {
  /** For the whole import, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  maxBytes: number;
  /** Exact addresses allowed although not public (tests serve images from 127.0.0.1); empty in production. */
  allowedAddresses: readonly string[];
}

export const DEFAULT_IMAGE_IMPORT: ImageImportOptions = {
  timeoutMs: 10_000,
  maxRedirects: 3,
  maxBytes: LIMITS.imageMaxBytes,
  allowedAddresses: [],
};

export const IMPORT_MESSAGES = {
  scheme: 'The image URL must start with http:// or https://.',
  credentials: 'The image URL must not contain a user name or password.',
  notPublic: 'The image URL points to a private or local network address, which is not allowed.',
  unknownHost: 'The image URL could not be reached: its host was not found.',
  unreachable: 'The image URL could not be reached: no route to its host.',
  refused: 'The image URL could not be reached: its server refused the connection.',
  reset: 'The image URL could not be read: its server closed the connection before sending the whole image.',
  failed: 'The image URL could not be read because of a network error.',
  timeout: 'The image URL took too long to answer.',
  tooManyRedirects: 'The image URL redirected too many times.',
  badRedirect: 'The image URL redirected to an invalid address.',
  status: (status: number) => `The image URL answered with HTTP ${status} instead of an image.`,
} as const;

function checkUrl(url: URL, allowed: readonly string[]): void {
  const problem = urlProblem(url, allowed);
  if (problem) throw badRequest(IMPORT_MESSAGES[problem]);
}

/**
 * Every failure of the fetch becomes a 400 with a message an admin can act on. The network error is not
 * attached as `cause`: the error handler reads socket codes in a cause chain as the database being down and
 * would answer 503 (the import's fault is the URL's, not the API's).
 */
function translate(error: unknown, signal: AbortSignal): Error {
  if (error instanceof HttpError) return error;
  if (signal.aborted) return badRequest(IMPORT_MESSAGES.timeout);
  if (isBlockedAddress(error)) return badRequest(IMPORT_MESSAGES.notPublic);
  return badRequest(IMPORT_MESSAGES[networkProblem(error) ?? 'failed']);
}

function get(url: URL, options: ImageImportOptions, signal: AbortSignal): Promise<IncomingMessage> {
  return openRequest(url, {
    method: 'GET',
    allowed: options.allowedAddresses,
    signal,
    headers: { accept: 'image/png, image/jpeg, image/gif;q=0.9, */*;q=0.1', 'user-agent': 'Battledeck-image-import/1.0' },
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw payloadTooLarge(BATTLESTATION_MESSAGES.fileTooLarge);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw payloadTooLarge(BATTLESTATION_MESSAGES.fileTooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Downloads an image URL for the part form (decision 19): http(s) only, public addresses only (checked for
 * address literals, at connect time for names, and again on every redirect), a few redirects at most, one
 * time limit for everything and the 4 MB cap while streaming. The bytes still go through the image
 * pipeline like an upload. Every refusal is a 4xx whose message can be shown.
 */
export async function importImageUrl(address: string, options: ImageImportOptions = DEFAULT_IMAGE_IMPORT): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw badRequest(IMPORT_MESSAGES.scheme);
  }
  try {
    for (let redirects = 0; ; redirects++) {
      checkUrl(url, options.allowedAddresses);
      const response = await get(url, options, signal);
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        response.resume();
        if (redirects >= options.maxRedirects) throw badRequest(IMPORT_MESSAGES.tooManyRedirects);
        const location = response.headers.location;
        try {
          url = new URL(location ?? '', url);
        } catch {
          throw badRequest(IMPORT_MESSAGES.badRedirect);
        }
        if (!location) throw badRequest(IMPORT_MESSAGES.badRedirect);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw badRequest(IMPORT_MESSAGES.status(status));
      }
      return await readCapped(response, options.maxBytes);
    }
  } catch (error) {
    throw translate(error, signal);
  }
}

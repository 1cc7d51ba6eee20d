import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag, setPublicCache } from '../../lib/http-cache';

/**
 * Public catalogue answers may be kept a short while by browsers and CDNs; the ETag lets a client that
 * revalidates (the site's own fetches do, so an edit shows at once) get a 304 without the body.
 */
export const CATALOGUE_MAX_AGE_SECONDS = 60;

/** Sends `body` with Cache-Control and ETag, or 304 when the client already holds it. */
export function sendCacheable<T>(request: FastifyRequest, reply: FastifyReply, body: T): T | FastifyReply {
  const etag = setPublicCache(reply, body, CATALOGUE_MAX_AGE_SECONDS);
  if (matchesEtag(request, etag)) return reply.code(304).send();
  return body;
}

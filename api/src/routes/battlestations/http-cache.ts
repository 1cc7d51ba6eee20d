import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag, setPublicCache } from '../../lib/http-cache';

/**
 * What anyone may see (the public list, a public station for an anonymous caller): the browser revalidates
 * every time (ETag, a cheap 304) so an edit shows at once, the original site's stale hour never returns;
 * a shared cache (CDN) may keep it 5 seconds. Answers true when a 304 was sent.
 */
export function sendPublic(request: FastifyRequest, reply: FastifyReply, body: unknown): boolean {
  const etag = setPublicCache(reply, body, 0);
  reply.header('Cache-Control', 'public, max-age=0, s-maxage=5').header('Vary', 'Authorization');
  if (!matchesEtag(request, etag)) return false;
  void reply.code(304).send();
  return true;
}

/** What depends on the caller (is_favorited, a private station): never stored by any cache. */
export function markPrivate(reply: FastifyReply): void {
  reply.header('Cache-Control', 'private, no-store').header('Vary', 'Authorization');
}

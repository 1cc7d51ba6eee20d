import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Marks a small, rarely changing JSON body as publicly cacheable; returns its strong ETag. */
export function setPublicCache(reply: FastifyReply, body: unknown, maxAgeSeconds: number): string {
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32)}"`;
  reply.header('Cache-Control', `public, max-age=${maxAgeSeconds}`).header('ETag', etag);
  return etag;
}

/** True when the request's If-None-Match already names this ETag (answer 304). */
export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

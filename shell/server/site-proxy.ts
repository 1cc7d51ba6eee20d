import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { forwardingHeaders, type PeerTrust } from './forwarded-for';

/**
 * /api and /images passed through to the data service over kept-alive undici connections. The upstream
 * origin is fixed; only the path varies, and it is the path the site routed (dot segments resolved by the
 * site's rewriteUrl), with the query as it came. Bodies (photo uploads) and answers stream through untouched.
 */
export const UNAVAILABLE_MESSAGE = 'The service is unavailable right now. Please try again later.';

/**
 * Hop-by-hop headers (RFC 9110 7.6.1) belong to one connection and are never forwarded. `expect` too: Node
 * has already answered a `100-continue`, and undici refuses to send it.
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'proxy-authorization', 'expect'];

function withoutHopByHop<T extends IncomingHttpHeaders | OutgoingHttpHeaders>(headers: T): T {
  const named = String(headers.connection ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const kept = { ...headers };
  for (const name of [...HOP_BY_HOP, ...named]) delete kept[name];
  return kept;
}


function answerUnavailable(reply: FastifyReply<RouteGenericInterface, RawServerBase>): void {
  if (reply.raw.headersSent) {
    reply.raw.destroy();
    return;
  }
  void reply.code(503).type('application/json; charset=utf-8').send(JSON.stringify({ message: UNAVAILABLE_MESSAGE }));
}

/** Registers the pass-through of `prefix` (`/api`, `/images`) to the same path at `apiOrigin`. */
export async function registerApiProxy(app: FastifyInstance, apiOrigin: string, prefix: string, routes: string[], trustedPeer: PeerTrust): Promise<void> {
  // X-Forwarded-For names the peer (after the chain a trusted proxy in front sent): forwarded-for.ts, on the
  // copy withoutHopByHop makes.
  const requestHeaders = (request: FastifyRequest<RouteGenericInterface, RawServerBase>, headers: IncomingHttpHeaders) =>
    forwardingHeaders(withoutHopByHop(headers), request.socket.remoteAddress ?? '', trustedPeer);
  await app.register(httpProxy, {
    upstream: apiOrigin,
    prefix,
    rewritePrefix: prefix,
    routes,
    // The proxy's own access log would duplicate the API's.
    disableRequestLogging: true,
    replyOptions: {
      rewriteRequestHeaders: requestHeaders,
      rewriteHeaders: (headers) => withoutHopByHop(headers),
      onError: (reply) => answerUnavailable(reply),
      // The API's own answers pass through as they are: no retries of a 503 or a reset.
      retryDelay: () => null,
    },
    // The plugin would parse and re-serialise the query: forward the routed path, and reply-from appends the raw query.
    handler: (request, reply, _dest, replyOptions) => reply.from(request.url.split('?', 1)[0], replyOptions),
  });
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The API answers JSON and serves its own OpenAPI page, so its policy allows this origin only: no `https:`
 * wildcard for styles or fonts (helmet's default), no inline scripts.
 */
const OPTIONS: HelmetOptions = {
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  // Sent below, and only over https: a plain-http answer announcing HSTS is a misconfiguration.
  strictTransportSecurity: false,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // The OpenAPI page sets style attributes at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
    },
  },
};

/**
 * The headers helmet sets for these options. None of them depends on the request (no nonces), so they are
 * worked out once: @fastify/helmet rebuilds helmet's middleware, CSP parsing included, on every request,
 * which cost 14% of the CPU of a cached list answer (measured with --cpu-prof).
 */
export function helmetHeaders(options: HelmetOptions = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // helmet's middleware is synchronous for static options; anything else would need the request.
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/** Security headers on every response, errors and images included (images relax CORP themselves); no-store on per-user answers. */
export default fp(
  async (app) => {
    const headers = helmetHeaders();
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      // Behind a TLS-terminating proxy the scheme comes from X-Forwarded-Proto, believed only from TRUST_PROXY.
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    });
    // An answer to a request that carried credentials is about that user (a profile, a staff list, their
    // private station): no cache keeps it, unless its route chose its own caching.
    app.addHook('onSend', (request, reply, payload, done) => {
      if ((request.headers.authorization !== undefined || request.user) && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'private, no-store');
      }
      done(null, payload);
    });
  },
  { name: 'helmet' },
);

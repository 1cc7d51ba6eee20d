import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response, errors and images included (images relax CORP themselves). The
 * API answers JSON and serves its own OpenAPI page, so its policy allows this origin only: no `https:`
 * wildcard for styles or fonts (helmet's default), no inline scripts.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      global: true,
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
    });
    // Behind a TLS-terminating proxy the scheme comes from X-Forwarded-Proto, believed only from TRUST_PROXY.
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'helmet' },
);

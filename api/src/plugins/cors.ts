import cors from '@fastify/cors';
import fp from 'fastify-plugin';

/**
 * The site and the API share one origin (decision 2), so CORS is off unless CORS_ORIGINS lists origins
 * (a remote's standalone dev page on another port, for instance).
 */
export default fp(
  async (app) => {
    const origins = app.config.corsOrigins;
    if (origins.length === 0) return;
    const allowed = new Set(origins);
    await app.register(cors, {
      // Another origin gets no CORS headers at all, its preflight included (a list would still send it
      // the allowed methods and headers); a listed one gets itself back.
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
      // A malformed preflight from a listed origin is answered like any other call, never as plain text.
      strictPreflight: false,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    });
  },
  { name: 'cors', dependencies: ['config'] },
);

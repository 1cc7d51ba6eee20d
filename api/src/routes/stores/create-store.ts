import { errorSchema, store, storeBody } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../auth/guards';
import { parseFields, readFormBody } from '../../lib/form-body';
import { createStore } from '../../services/stores-service';
import { routeRateLimit } from '../../plugins/rate-limit';

/** POST /api/stores (T, M): name and url; admins only (decision 5). */
const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.staffWrite),
      preHandler: [requireAdmin],
      schema: {
        tags: ['stores'],
        summary: 'Create a store (multipart or JSON: name, url)',
        security: [{ bearer: [] }],
        response: { 201: store, 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { fields } = await readFormBody(request);
      const created = await createStore(app.db, parseFields(storeBody, fields));
      return reply.code(201).send(created);
    },
  );
};

export default route;

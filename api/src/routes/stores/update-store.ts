import { errorSchema, idParams, store, storeBody } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../auth/guards';
import { parseFields, readFormBody } from '../../lib/form-body';
import { updateStore } from '../../services/stores-service';
import { routeRateLimit } from '../../plugins/rate-limit';

/** PUT /api/stores/{id} (T, M): name and url; admins only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:id',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.staffWrite),
      preHandler: [requireAdmin],
      schema: {
        tags: ['stores'],
        summary: 'Update a store (multipart or JSON: name, url)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: store, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { fields } = await readFormBody(request);
      return updateStore(app.db, request.params.id, parseFields(storeBody, fields));
    },
  );
};

export default route;

import { errorSchema, idParams } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/guards';
import { deleteStore } from '../../services/stores-service';
import { routeRateLimit } from '../../plugins/rate-limit';

/** DELETE /api/stores/{id} (T): the store and its part links; admins only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/:id',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.staffWrite),
      preHandler: [requireAdmin],
      schema: {
        tags: ['stores'],
        summary: 'Delete a store and its part links',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 204: z.undefined(), 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await deleteStore(app.db, request.params.id);
      return reply.code(204).send();
    },
  );
};

export default route;

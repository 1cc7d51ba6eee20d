import { errorSchema, storeLinkParams } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../../auth/guards';
import { removeStoreLink } from '../../../services/store-links-admin-service';
import { routeRateLimit } from '../../../plugins/rate-limit';

/** DELETE /api/admin/store-links/{partId}/{storeId} (T): the part stops linking to the store. Admins only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/:partId/:storeId',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.staffWrite),
      preHandler: [requireAdmin],
      schema: {
        tags: ['admin'],
        summary: "Remove a part's store link",
        security: [{ bearer: [] }],
        params: storeLinkParams,
        response: { 204: z.undefined(), 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await removeStoreLink(app.db, request.params.partId, request.params.storeId);
      return reply.code(204).send();
    },
  );
};

export default route;

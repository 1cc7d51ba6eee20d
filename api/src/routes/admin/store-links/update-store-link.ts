import { errorSchema, storeLinkFixBody, storeLinkParams } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../../auth/guards';
import { fixStoreLink } from '../../../services/store-links-admin-service';
import { routeRateLimit } from '../../../plugins/rate-limit';

/** PUT /api/admin/store-links/{partId}/{storeId} (T): a fixed URL for a part's store link. Admins only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:partId/:storeId',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.staffWrite),
      preHandler: [requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Fix a store link (new URL; it starts unchecked)',
        security: [{ bearer: [] }],
        params: storeLinkParams,
        body: storeLinkFixBody,
        response: { 200: z.object({ url: z.string() }), 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => fixStoreLink(app.db, request.params.partId, request.params.storeId, request.body),
  );
};

export default route;

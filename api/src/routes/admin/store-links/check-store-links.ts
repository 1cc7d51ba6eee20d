import { errorSchema, storeLinkCheckBody, storeLinkCheckResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../../auth/guards';
import { checkPartLinksNow } from '../../../services/store-links-admin-service';
import { routeRateLimit } from '../../../plugins/rate-limit';

/**
 * POST /api/admin/store-links/check (T): checks one part's store links now, under the schedule's lock (one
 * run at a time per deployment; `ran: false` when another held it). Admins only.
 */
const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/check',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.staffWrite),
      preHandler: [requireAdmin],
      schema: {
        tags: ['admin'],
        summary: "Check a part's store links now",
        security: [{ bearer: [] }],
        body: storeLinkCheckBody,
        response: { 200: storeLinkCheckResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => checkPartLinksNow(app.db, app.runStoreLinkCheck, request.body.part_id),
  );
};

export default route;

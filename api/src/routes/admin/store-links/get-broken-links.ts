import { brokenLinksQuery, brokenLinksResponse, errorSchema } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../../auth/guards';
import { getBrokenLinks } from '../../../services/store-links-admin-service';

/** GET /api/admin/store-links/broken (T): store links that failed two checks in a row. Admins only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/broken',
    {
      onRequest: [app.authenticate],
      preHandler: [requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'List broken store links',
        security: [{ bearer: [] }],
        querystring: brokenLinksQuery,
        response: { 200: brokenLinksResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => getBrokenLinks(app.db, request.query),
  );
};

export default route;

import { adminPartsQuery, adminPartsResponse, errorSchema } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminOrModerator } from '../../auth/guards';
import { getAdminParts } from '../../services/admin-service';

/** GET /api/admin/parts (T): the admin parts table, each part with its store links. Staff only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/parts',
    {
      onRequest: [app.authenticate],
      preHandler: [requireAdminOrModerator],
      schema: {
        tags: ['admin'],
        summary: 'List parts with their store links',
        security: [{ bearer: [] }],
        querystring: adminPartsQuery,
        response: { 200: adminPartsResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => getAdminParts(app.db, request.query),
  );
};

export default route;

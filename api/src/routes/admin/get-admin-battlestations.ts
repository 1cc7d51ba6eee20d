import { adminBattlestationsQuery, battlestationsListResponse, errorSchema } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminOrModerator } from '../../auth/guards';
import { getAdminBattlestations } from '../../services/admin-service';

/** GET /api/admin/battlestations (T): every battlestation, private ones included. Staff only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/battlestations',
    {
      onRequest: [app.authenticate],
      preHandler: [requireAdminOrModerator],
      schema: {
        tags: ['admin'],
        summary: 'List every battlestation',
        security: [{ bearer: [] }],
        querystring: adminBattlestationsQuery,
        response: { 200: battlestationsListResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => getAdminBattlestations(app.db, request.query),
  );
};

export default route;

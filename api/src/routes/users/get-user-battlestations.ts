import { errorSchema, uidParams, userBattlestationsResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSelfOrAdmin } from '../../auth/guards';
import { getUserBattlestations } from '../../services/user-lists-service';

/** GET /api/users/{id}/battlestations: the user's stations, private ones included (self or admin). */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/battlestations',
    {
      onRequest: [app.authenticate],
      preHandler: [requireSelfOrAdmin('id')],
      schema: {
        tags: ['users'],
        summary: "A user's battlestations, private ones included",
        security: [{ bearer: [] }],
        params: uidParams,
        response: { 200: userBattlestationsResponse, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getUserBattlestations(app.db, request.params.id);
    },
  );
};

export default route;

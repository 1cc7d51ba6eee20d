import { errorSchema, uidParams, userFavoritesResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSelfOrAdmin } from '../../auth/guards';
import { getUserFavorites } from '../../services/user-lists-service';

/** GET /api/users/{id}/favorites: the stations the user favorited and may still see (self or admin). */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/favorites',
    {
      onRequest: [app.authenticate],
      preHandler: [requireSelfOrAdmin('id')],
      schema: {
        tags: ['users'],
        summary: "A user's favorite battlestations",
        security: [{ bearer: [] }],
        params: uidParams,
        response: { 200: userFavoritesResponse, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getUserFavorites(app.db, request.params.id);
    },
  );
};

export default route;

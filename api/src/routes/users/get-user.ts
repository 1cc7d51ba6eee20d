import { errorSchema, uidParams, userProfile } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSelfOrAdmin } from '../../auth/guards';
import { getUserProfile } from '../../services/users-service';

/** GET /api/users/{id}: a profile, for that user or an admin (decision 6). */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      onRequest: [app.authenticate],
      preHandler: [requireSelfOrAdmin('id')],
      schema: {
        tags: ['users'],
        summary: 'Get a user profile',
        security: [{ bearer: [] }],
        params: uidParams,
        response: { 200: userProfile, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => getUserProfile(app.db, request.params.id),
  );
};

export default route;

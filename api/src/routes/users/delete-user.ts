import { errorSchema, uidParams } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRecentSignIn, requireSelfOrAdmin, requireUser } from '../../auth/guards';
import { deleteUserAccount } from '../../services/user-account-service';
import { routeRateLimit } from '../../plugins/rate-limit';

/** DELETE /api/users/{id}: delete an account with everything it owns (self or admin; decision 15). */
const route: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/:id',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.signUp),
      preHandler: [requireSelfOrAdmin('id'), requireRecentSignIn],
      schema: {
        tags: ['users'],
        summary: 'Delete an account',
        description:
          'Removes the identity, the profile, the battlestations with their photos, and the favorites. The last administrator cannot be deleted (409). Needs a sign-in within the last 5 minutes, the caller’s own for an admin too, else 403 (decision 25).',
        security: [{ bearer: [] }],
        params: uidParams,
        response: { 204: z.undefined(), 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await deleteUserAccount(app, request.params.id, requireUser(request));
      return reply.code(204).send();
    },
  );
};

export default route;

import { errorSchema, uidParams, updateUserBody, updateUserResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSelfOrAdmin, requireUser } from '../../auth/guards';
import { routeRateLimit } from '../../plugins/rate-limit';
import { updateUserAccount } from '../../services/user-account-service';

/**
 * PUT /api/users/{id}: change username, e-mail and/or password (self or admin). Writes to the identity
 * provider, so it shares the sign-up limit's rule (decision 20).
 */
const route: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:id',
    {
      onRequest: [app.authenticate],
      preHandler: [requireSelfOrAdmin('id')],
      config: routeRateLimit(app.config.rateLimits.signUp),
      schema: {
        tags: ['users'],
        summary: 'Change username, e-mail or password',
        description:
          'Only the fields sent change; any other field (is_admin, …) is ignored. An e-mail or password change ends the sessions (signedOut) and needs a sign-in within the last 5 minutes, else 403 (decision 25).',
        security: [{ bearer: [] }],
        params: uidParams,
        body: updateUserBody,
        response: {
          200: updateUserResponse,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => updateUserAccount(app, request.params.id, request.body, requireUser(request)),
  );
};

export default route;

import { errorSchema, registerBody, registerResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeRateLimit } from '../../plugins/rate-limit';
import { registerUser } from '../../services/users-service';

/** POST /api/users/: create an account (identity + profile). Rate limited (decision 20). */
const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: routeRateLimit(app.config.rateLimits.signUp),
      schema: {
        tags: ['users'],
        summary: 'Register',
        body: registerBody,
        response: { 201: registerResponse, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const created = await registerUser(app, request.body);
      return reply.code(201).send(created);
    },
  );
};

export default route;

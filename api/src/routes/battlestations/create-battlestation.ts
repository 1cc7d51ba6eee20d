import { createBattlestationFields, createBattlestationResponse, errorSchema } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/guards';
import { routeRateLimit } from '../../plugins/rate-limit';
import { createBattlestation } from '../../services/battlestation-writes-service';
import { stationUploadReader } from './station-upload';

/**
 * POST /api/battlestations/ (T, M): text fields (createBattlestationFields) then 1-20 `images` files of at
 * most 4 MB each. Rate limited as an upload (decision 20).
 */
const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.upload),
      schema: {
        tags: ['battlestations'],
        summary: 'Create a battlestation (multipart: fields first, then repeated `images` files)',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: {
          201: createBattlestationResponse,
          400: errorSchema,
          401: errorSchema,
          413: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const newId = await createBattlestation(app, user, stationUploadReader(request, createBattlestationFields, 'images', (fields) => !fields.is_public));
      return reply.code(201).send({ newId });
    },
  );
};

export default route;

import { errorSchema, favoriteBody, favoriteResponse, idParams } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/guards';
import { parseFields, readFormBody } from '../../lib/form-body';
import { routeRateLimit } from '../../plugins/rate-limit';
import { setFavorite } from '../../services/battlestation-favorites-service';
import { markPrivate } from './http-cache';

/** PUT /api/battlestations/favorites/{id} (T, M or JSON): action add or remove; idempotent; rate limited. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/favorites/:id',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.favorite),
      schema: {
        tags: ['battlestations'],
        summary: 'Favorite or unfavorite a battlestation (multipart or JSON: action)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: favoriteResponse, 400: errorSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { fields } = await readFormBody(request);
      const { action } = parseFields(favoriteBody, fields);
      markPrivate(reply);
      return setFavorite(app.db, requireUser(request), request.params.id, action);
    },
  );
};

export default route;

import { battlestationDetail, errorSchema, idParams, updateBattlestationFields } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/guards';
import { routeRateLimit } from '../../plugins/rate-limit';
import { assertCanEditBattlestation, updateBattlestationById } from '../../services/battlestation-writes-service';
import { getBattlestationDetail } from '../../services/battlestations-service';
import { markPrivate } from './http-cache';
import { stationUploadReader } from './station-upload';

/**
 * PUT /api/battlestations/id/{id} (T, M): only the changed fields (updateBattlestationFields), then any
 * `added_images` files. Owner or staff (403), someone else's private station 404. Answers the station as
 * it now is.
 */
const route: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/id/:id',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.upload),
      schema: {
        tags: ['battlestations'],
        summary: 'Update a battlestation (multipart: changed fields first, then `added_images` files)',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        params: idParams,
        response: {
          200: battlestationDetail,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          413: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params;
      // Refused callers are answered before any photo is read.
      const wasPublic = await assertCanEditBattlestation(app.db, user, id);
      // New photos go where the station will be; the service moves them should the visibility change meanwhile.
      const reader = stationUploadReader(request, updateBattlestationFields, 'added_images', (fields) => !(fields.is_public ?? wasPublic));
      await updateBattlestationById(app, user, id, reader);
      markPrivate(reply);
      return getBattlestationDetail(app.db, user, id);
    },
  );
};

export default route;

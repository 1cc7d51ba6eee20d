import { errorSchema, idParams, partWriteFields, partWriteResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminOrModerator } from '../../auth/guards';
import { parseFields, readFormBody } from '../../lib/form-body';
import { updatePart } from '../../services/part-write-service';
import { routeRateLimit } from '../../plugins/rate-limit';

/** PUT /api/parts/{id} (T, M): the create fields plus deleted_stores; the image is optional. Staff only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:id',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.staffWrite),
      preHandler: [requireAdminOrModerator],
      schema: {
        tags: ['parts'],
        summary: 'Update a part (multipart)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: partWriteResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { fields, files } = await readFormBody(request, ['image']);
      return updatePart(app, request.params.id, parseFields(partWriteFields, fields), files.image);
    },
  );
};

export default route;

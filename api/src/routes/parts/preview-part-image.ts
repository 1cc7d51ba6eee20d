import { errorSchema, imagePreviewBody, imagePreviewResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminOrModerator } from '../../auth/guards';
import { parseFields, readFormBody } from '../../lib/form-body';
import { previewImageUrl } from '../../services/part-image-preview-service';
import { routeRateLimit } from '../../plugins/rate-limit';

/** POST /api/parts/image-preview (T): the part form's image URL as the server would import it. Staff only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/image-preview',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.upload),
      preHandler: [requireAdminOrModerator],
      schema: {
        tags: ['parts'],
        summary: 'Preview an image URL (JSON or multipart: image_url)',
        security: [{ bearer: [] }],
        response: { 200: imagePreviewResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { fields } = await readFormBody(request);
      const { image_url } = parseFields(imagePreviewBody, fields);
      return previewImageUrl(app, image_url);
    },
  );
};

export default route;

import { errorSchema } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readPrivatePhoto } from '../../services/private-photos-service';

/**
 * GET /api/battlestations/images/{file} (T): a private station's photo or thumbnail, for its owner and staff
 * only (issue 15). <img> cannot send the token, so the client fetches it into an object URL. Never stored
 * by a shared cache; the browser may keep it a few minutes (names change when the station changes sides).
 */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/:file',
    {
      onRequest: [app.optionalAuth],
      schema: {
        tags: ['battlestations'],
        summary: "A private battlestation's photo (owner and staff only)",
        security: [{ bearer: [] }],
        params: z.object({ file: z.string().max(64) }),
        response: { 200: z.any().describe('The image bytes (image/jpeg or image/png)'), 404: errorSchema },
      },
    },
    async (request, reply) => {
      const photo = await readPrivatePhoto(app, request.user, request.params.file);
      return reply
        .header('Content-Type', photo.contentType)
        .header('Cache-Control', 'private, max-age=300')
        .header('Vary', 'Authorization')
        .header('X-Content-Type-Options', 'nosniff')
        .send(photo.bytes);
    },
  );
};

export default route;

import { errorSchema, sitemapBattlestations, sitemapFileQuery, sitemapParts, sitemapSummary } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSitemapBattlestations, getSitemapParts, getSitemapSummary } from '../services/sitemap-service';

/**
 * GET /api/sitemap… (ADR 025): what the site's /sitemap.xml lists. Public data only, the same for everyone:
 * kept by the response cache until a write, and by shared caches for an hour (a crawler reads it rarely).
 */
const route: FastifyPluginAsyncZod = async (app) => {
  const cacheFor = { 'Cache-Control': 'public, max-age=3600' };

  app.get(
    '/',
    { config: { publicCache: true }, schema: { tags: ['sitemap'], summary: 'The last public ids, for the sitemap index', response: { 200: sitemapSummary } } },
    async (_request, reply) => reply.headers(cacheFor).send(await getSitemapSummary(app.db)),
  );

  app.get(
    '/battlestations',
    {
      config: { publicCache: true },
      schema: { tags: ['sitemap'], summary: "One sitemap file's public battlestations", querystring: sitemapFileQuery, response: { 200: sitemapBattlestations, 400: errorSchema, 404: errorSchema } },
    },
    async (request, reply) => reply.headers(cacheFor).send(await getSitemapBattlestations(app.db, request.query.file)),
  );

  app.get(
    '/parts',
    {
      config: { publicCache: true },
      schema: { tags: ['sitemap'], summary: "One sitemap file's parts", querystring: sitemapFileQuery, response: { 200: sitemapParts, 400: errorSchema, 404: errorSchema } },
    },
    async (request, reply) => reply.headers(cacheFor).send(await getSitemapParts(app.db, request.query.file)),
  );
};

export default route;

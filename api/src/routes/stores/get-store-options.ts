import { storesAllResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getStoreOptions } from '../../services/stores-service';

/** GET /api/stores/all: every store's id and name, for the part form's store chooser. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/all',
    { schema: { tags: ['stores'], summary: 'All stores (id and name)', response: { 200: storesAllResponse } } },
    async () => getStoreOptions(app.db),
  );
};

export default route;

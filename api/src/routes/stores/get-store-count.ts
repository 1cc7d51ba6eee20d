import { storeCountResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getStoreCount } from '../../services/stores-service';

/** GET /api/stores/count: how many stores there are, as a number (decision 21). Public, as SPEC §7 lists it. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/count',
    { schema: { tags: ['stores'], summary: 'Count stores', response: { 200: storeCountResponse } } },
    async () => getStoreCount(app.db),
  );
};

export default route;

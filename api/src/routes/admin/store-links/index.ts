import type { FastifyPluginAsync } from 'fastify';
import checkStoreLinks from './check-store-links';
import deleteStoreLink from './delete-store-link';
import getBrokenLinks from './get-broken-links';
import updateStoreLink from './update-store-link';

/** /api/admin/store-links: store-link health (issue 20 item 5), admins only. */
const storeLinks: FastifyPluginAsync = async (app) => {
  await app.register(getBrokenLinks);
  await app.register(updateStoreLink);
  await app.register(deleteStoreLink);
  await app.register(checkStoreLinks);
};

export default storeLinks;

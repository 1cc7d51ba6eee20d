import type { FastifyPluginAsync } from 'fastify';
import createStore from './create-store';
import deleteStore from './delete-store';
import getStoreCount from './get-store-count';
import getStoreOptions from './get-store-options';
import getStores from './get-stores';
import updateStore from './update-store';

/** /api/stores: one file per endpoint. Reads are public (SPEC §7), writes for admins (decision 5). */
const stores: FastifyPluginAsync = async (app) => {
  await app.register(getStoreCount);
  await app.register(getStores);
  await app.register(getStoreOptions);
  await app.register(createStore);
  await app.register(updateStore);
  await app.register(deleteStore);
};

export default stores;

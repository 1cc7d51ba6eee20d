import type { FastifyPluginAsync } from 'fastify';
import getAdminBattlestations from './get-admin-battlestations';
import getAdminParts from './get-admin-parts';
import getAdminStats from './get-admin-stats';
import getAdminUsers from './get-admin-users';
import storeLinks from './store-links';
import updateUserRoles from './update-user-roles';

/** /api/admin: one file per endpoint; staff calls, users for admins only (decisions 5, 6, 18). */
const admin: FastifyPluginAsync = async (app) => {
  await app.register(getAdminStats);
  await app.register(getAdminBattlestations);
  await app.register(getAdminParts);
  await app.register(getAdminUsers);
  await app.register(updateUserRoles);
  await app.register(storeLinks, { prefix: '/store-links' });
};

export default admin;

import type { FastifyPluginAsync } from 'fastify';
import admin from './admin';
import battlestations from './battlestations';
import health from './health';
import oembed from './oembed';
import parts from './parts';
import sitemap from './sitemap';
import stores from './stores';
import users from './users';

/** Every call of SPEC §7 lives under /api (decision 2): one folder per resource. */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(health, { prefix: '/api' });
  await app.register(users, { prefix: '/api/users' });
  await app.register(parts, { prefix: '/api/parts' });
  await app.register(battlestations, { prefix: '/api/battlestations' });
  await app.register(stores, { prefix: '/api/stores' });
  await app.register(admin, { prefix: '/api/admin' });
  await app.register(oembed, { prefix: '/api' });
  await app.register(sitemap, { prefix: '/api/sitemap' });
};

export default routes;

import { and, eq } from 'drizzle-orm';
import { part_stores } from '../../src/db/schema';
import { insertStore } from '../../src/repositories/stores-repository';
import { uniqueSuffix } from './emulator-accounts';
import { createPart } from './factories';
import type { MatrixEnv, MatrixRequest } from './matrix-requests';

/** A fresh part store link on the matrix's part (a store of its own, so calls never share one). */
async function freshLink(env: MatrixEnv) {
  const { store_id } = await insertStore(env.t.app.db, { name: `Link store ${uniqueSuffix()}`, url: `https://links-${uniqueSuffix()}.example` });
  await env.t.app.db.insert(part_stores).values({ part_id: env.part.part_id, store_id, url: 'https://shop.example/part' });
  const row = async () =>
    (await env.t.app.db.select().from(part_stores).where(and(eq(part_stores.part_id, env.part.part_id), eq(part_stores.store_id, store_id))))[0];
  return { store_id, row };
}

/** Store-link health rows of the authorization matrix (issue 20 item 5). */
export const STORE_LINK_REQUESTS: Record<string, MatrixRequest> = {
  'GET /api/admin/store-links/broken': async () => ({ method: 'GET', url: '/api/admin/store-links/broken' }),
  'PUT /api/admin/store-links/:partId/:storeId': async (env) => {
    const link = await freshLink(env);
    return {
      method: 'PUT',
      url: `/api/admin/store-links/${env.part.part_id}/${link.store_id}`,
      payload: { url: 'https://shop.example/fixed', part_id: 999 },
      async verify(res) {
        expect((await link.row())?.url).toBe(res.statusCode === 200 ? 'https://shop.example/fixed' : 'https://shop.example/part');
      },
    };
  },
  'DELETE /api/admin/store-links/:partId/:storeId': async (env) => {
    const link = await freshLink(env);
    return {
      method: 'DELETE',
      url: `/api/admin/store-links/${env.part.part_id}/${link.store_id}`,
      async verify(res) {
        expect(Boolean(await link.row())).toBe(res.statusCode !== 204);
      },
    };
  },
  // A fresh part without links: the call is authorised or not, and reaches no store either way.
  'POST /api/admin/store-links/check': async (env) => {
    const part = await createPart(env.t.app, { type: env.type });
    return { method: 'POST', url: '/api/admin/store-links/check', payload: { part_id: part.part_id } };
  },
};

import { sitemapFileOf } from '@battledeck/shared/contract';
import { eq } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { battlestations, favorites, part_requests, parts, stores, users } from '../../src/db/schema';
import { insertPartRequest } from '../../src/repositories/parts-catalogue-repository';
import type { PartRow } from '../../src/repositories/catalogue-repository';
import type { PartTypeRow } from '../../src/repositories/part-types-repository';
import { insertStore } from '../../src/repositories/stores-repository';
import type { TestApp } from './build-test-app';
import { uniqueEmail, uniqueSuffix } from './emulator-accounts';
import { bearer, createBattlestation, createPart, createUser, type TestUser } from './factories';
import type { Principals } from './principals';
import { STORE_LINK_REQUESTS } from './store-link-matrix-requests';
import { multipart } from './upload';

/**
 * One request per row of the authorization matrix (security-authorization-matrix.test.ts), built for a
 * given owner: the rows act on resources of `owner` (user A, or A2/the deleted user in their own columns,
 * so a revoked or deleted owner is refused on their own things). Rows that change or destroy something
 * build fresh fixtures on every call. `verify` then checks what must not have changed: fields a caller
 * may not set (mass assignment) and other people's things (IDOR).
 */

export interface MatrixEnv {
  t: TestApp;
  p: Principals;
  jpeg: Buffer;
  type: PartTypeRow;
  part: PartRow;
  /** An image URL the test app may import (a local server on an allowed address). */
  imageUrl: string;
  /** Every user created for the matrix (their e-mails must never leak). */
  users: TestUser[];
}

export interface MatrixCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: string | Buffer | Record<string, unknown>;
  headers?: Record<string, string>;
  verify?: (res: InjectResponse, caller: TestUser | undefined) => Promise<void>;
}

export type MatrixRequest = (env: MatrixEnv, owner: TestUser) => Promise<MatrixCall>;

const OLD_DATE = '2001-01-01T00:00:00.000Z';
const recent = (date: Date) => Date.now() - date.getTime() < 10 * 60_000;

async function one<T>(query: Promise<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

const userRow = (env: MatrixEnv, uid: string) => one(env.t.app.db.select().from(users).where(eq(users.user_id, uid)));
const stationRow = (env: MatrixEnv, id: number) => one(env.t.app.db.select().from(battlestations).where(eq(battlestations.battlestation_id, id)));
const partRow = (env: MatrixEnv, id: number) => one(env.t.app.db.select().from(parts).where(eq(parts.part_id, id)));
const storeRow = (env: MatrixEnv, id: number) => one(env.t.app.db.select().from(stores).where(eq(stores.store_id, id)));
const requestRow = (env: MatrixEnv, id: number) => one(env.t.app.db.select().from(part_requests).where(eq(part_requests.request_id, id)));

async function freshUser(env: MatrixEnv, overrides: Parameters<typeof createUser>[1] = {}): Promise<TestUser> {
  const user = await createUser(env.t.app, overrides);
  env.users.push(user);
  return user;
}

const station = (env: MatrixEnv, owner: TestUser, isPublic: boolean) =>
  createBattlestation(env.t.app, { owner, parts: [env.part], is_public: isPublic, images: 1 });

/** Fields no caller may set on a battlestation, sent along with allowed ones. */
const STATION_INTRUDERS = (victim: string) => ({
  user_id: victim,
  favorites: '999',
  image_count: '7',
  part_count: '50',
  created_date: OLD_DATE,
  battlestation_id: '1',
  is_admin: 'true',
});

const readOnly = (url: string): MatrixRequest => async () => ({ method: 'GET', url });

/** GET /api/oembed of a station's page: answered for public stations only, whoever asks (ADR 018). */
function oembedOf(isPublic: boolean): MatrixRequest {
  return async (env, owner) => {
    const page = `${env.t.app.config.publicOrigin}/battlestations/${(await station(env, owner, isPublic)).battlestation_id}`;
    return { method: 'GET', url: `/api/oembed?url=${encodeURIComponent(page)}` };
  };
}

/** GET /api/sitemap/battlestations of a station's file: a private one is listed for nobody, its owner and staff included (ADR 025). */
function sitemapOf(isPublic: boolean): MatrixRequest {
  return async (env, owner) => {
    const { battlestation_id: id } = await station(env, owner, isPublic);
    return {
      method: 'GET',
      url: `/api/sitemap/battlestations?file=${sitemapFileOf(id)}`,
      async verify(res) {
        const listed = (res.json() as { battlestations: { battlestation_id: number }[] }).battlestations.map((row) => row.battlestation_id);
        expect(listed.includes(id)).toBe(isPublic);
      },
    };
  };
}

function stationReads(isPublic: boolean, suffix: '' | '/parts' | '/similar' | '/history'): MatrixRequest {
  return async (env, owner) => ({ method: 'GET', url: `/api/battlestations/id/${(await station(env, owner, isPublic)).battlestation_id}${suffix}` });
}

/**
 * GET /api/battlestations/images/{file}: a real photo of a station A uploaded, private or public (A uploads
 * it also in the revoked and deleted callers' turns, whose own tokens cannot).
 */
function stationPhoto(isPublic: boolean): MatrixRequest {
  return async (env) => {
    const owner = env.p.a;
    const body = multipart({ name: `Photo desk ${uniqueSuffix()}`, added_parts: [env.part.part_id], is_public: String(isPublic) }, [
      { field: 'images', filename: 'desk.jpg', content: env.jpeg, contentType: 'image/jpeg' },
    ]);
    const created = await env.t.app.inject({ method: 'POST', url: '/api/battlestations', payload: body.payload, headers: { ...body.headers, ...bearer(owner) } });
    if (created.statusCode !== 201) throw new Error(`creating the station answered ${created.statusCode} ${created.body}`);
    const id = created.json<{ newId: number }>().newId;
    const detail = await env.t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}`, headers: bearer(owner) });
    return { method: 'GET', url: `/api/battlestations/images/${detail.json<{ images: string[] }>().images[0]}` };
  };
}

function favoriteStation(isPublic: boolean): MatrixRequest {
  return async (env, owner) => {
    const { battlestation_id: id } = await station(env, owner, isPublic);
    return {
      method: 'PUT',
      url: `/api/battlestations/favorites/${id}`,
      // "Favorite as A": the owner's uid in the body must not make it the owner's favorite.
      payload: { action: 'add', user_id: owner.uid },
      async verify(res, caller) {
        const rows = await env.t.app.db.select().from(favorites).where(eq(favorites.battlestation_id, id));
        expect(rows.map((r) => r.user_id)).toEqual(res.statusCode === 200 && caller ? [caller.uid] : []);
        expect((await stationRow(env, id))?.favorites).toBe(rows.length);
      },
    };
  };
}

function editStation(isPublic: boolean): MatrixRequest {
  return async (env, owner) => {
    const before = await station(env, owner, isPublic);
    const body = multipart({ name: `Edited ${uniqueSuffix()}`, ...STATION_INTRUDERS(env.p.b.uid) });
    return {
      method: 'PUT',
      url: `/api/battlestations/id/${before.battlestation_id}`,
      ...body,
      async verify(res) {
        const after = await stationRow(env, before.battlestation_id);
        expect(after).toMatchObject({
          user_id: owner.uid,
          favorites: 0,
          image_count: 1,
          part_count: 1,
          created_date: before.created_date,
          ...(res.statusCode === 200 ? {} : { name: before.name }),
        });
      },
    };
  };
}

function deleteStation(isPublic: boolean): MatrixRequest {
  return async (env, owner) => {
    const { battlestation_id: id } = await station(env, owner, isPublic);
    return {
      method: 'DELETE',
      url: `/api/battlestations/id/${id}`,
      async verify(res) {
        expect(Boolean(await stationRow(env, id))).toBe(res.statusCode !== 204);
      },
    };
  };
}

async function freshPart(env: MatrixEnv): Promise<PartRow> {
  return createPart(env.t.app, { type: env.type });
}

export const MATRIX_REQUESTS: Record<string, MatrixRequest> = {
  'GET /api/health': readOnly('/api/health'),
  'GET /api/oembed': oembedOf(true),
  'GET /api/oembed · private': oembedOf(false),
  'GET /api/sitemap': readOnly('/api/sitemap'),
  'GET /api/sitemap/battlestations': sitemapOf(true),
  'GET /api/sitemap/battlestations · private': sitemapOf(false),
  'GET /api/sitemap/parts': readOnly('/api/sitemap/parts?file=0'),

  'POST /api/users': async (env) => {
    const suffix = uniqueSuffix();
    return {
      method: 'POST',
      url: '/api/users',
      payload: {
        username: `reg_${suffix}`,
        email: uniqueEmail('reg'),
        password: 'secret-pass-1',
        confirmPassword: 'secret-pass-1',
        is_admin: true,
        is_moderator: true,
        user_id: `hijacked-${suffix}`,
        created_date: OLD_DATE,
        battlestation_count: 99,
      },
      async verify(res) {
        if (res.statusCode !== 201) return;
        const { user_id } = res.json<{ user_id: string }>();
        expect(user_id).not.toBe(`hijacked-${suffix}`);
        const row = await userRow(env, user_id);
        expect(row).toMatchObject({ is_admin: false, is_moderator: false, username: `reg_${suffix}` });
        expect(recent(row!.created_date)).toBe(true);
      },
    };
  },
  'GET /api/users/:id': async (_env, owner) => ({ method: 'GET', url: `/api/users/${owner.uid}` }),
  'PUT /api/users/:id': async (env, owner) => {
    const before = await userRow(env, owner.uid);
    return {
      method: 'PUT',
      url: `/api/users/${owner.uid}`,
      payload: { username: `ren_${uniqueSuffix()}`, is_admin: true, is_moderator: true, user_id: 'hijacked', created_date: OLD_DATE },
      async verify(res) {
        const after = await userRow(env, owner.uid);
        expect(after).toMatchObject({ is_admin: false, is_moderator: false, created_date: before!.created_date, email: before!.email });
        if (res.statusCode !== 200) expect(after!.username).toBe(before!.username);
      },
    };
  },
  'DELETE /api/users/:id': async (env, owner) => ({
    method: 'DELETE',
    url: `/api/users/${owner.uid}`,
    async verify(res) {
      expect(Boolean(await userRow(env, owner.uid))).toBe(res.statusCode !== 204);
    },
  }),
  'GET /api/users/:id/battlestations': async (_env, owner) => ({ method: 'GET', url: `/api/users/${owner.uid}/battlestations` }),
  'GET /api/users/:id/favorites': async (_env, owner) => ({ method: 'GET', url: `/api/users/${owner.uid}/favorites` }),
  'GET /api/users/by-name/:username': async (_env, owner) => ({ method: 'GET', url: `/api/users/by-name/${encodeURIComponent(owner.username)}` }),

  'GET /api/parts': readOnly('/api/parts'),
  'GET /api/parts/types': readOnly('/api/parts/types'),
  'GET /api/parts/id/:id': async (env) => ({ method: 'GET', url: `/api/parts/id/${env.part.part_id}` }),
  'GET /api/parts/id/:id/battlestations': async (env) => ({ method: 'GET', url: `/api/parts/id/${env.part.part_id}/battlestations` }),
  'GET /api/parts/id/:id/paired': async (env) => ({ method: 'GET', url: `/api/parts/id/${env.part.part_id}/paired` }),
  'GET /api/parts/autocomplete': readOnly('/api/parts/autocomplete?searchTerm=Part'),
  'POST /api/parts': async (env) => ({
    method: 'POST',
    url: '/api/parts',
    ...multipart(
      { name: `Matrix part ${uniqueSuffix()}`, type_id: env.type.type_id, manufacturer: 'Acme', battlestation_count: '99', created_date: OLD_DATE },
      [{ field: 'image', filename: 'part.jpg', content: env.jpeg, contentType: 'image/jpeg' }],
    ),
    async verify(res) {
      if (res.statusCode !== 201) return;
      const row = await partRow(env, res.json<{ part_id: number }>().part_id);
      expect(row?.battlestation_count).toBe(0);
      expect(recent(row!.created_date)).toBe(true);
    },
  }),
  'PUT /api/parts/:id': async (env) => {
    const before = await freshPart(env);
    return {
      method: 'PUT',
      url: `/api/parts/${before.part_id}`,
      ...multipart({ name: `Renamed ${uniqueSuffix()}`, type_id: env.type.type_id, manufacturer: 'Acme', battlestation_count: '99' }),
      async verify(res) {
        const after = await partRow(env, before.part_id);
        expect(after?.battlestation_count).toBe(0);
        if (res.statusCode !== 200) expect(after?.name).toBe(before.name);
      },
    };
  },
  'DELETE /api/parts/:id': async (env) => {
    const { part_id: id } = await freshPart(env);
    return {
      method: 'DELETE',
      url: `/api/parts/${id}`,
      async verify(res) {
        expect(Boolean(await partRow(env, id))).toBe(res.statusCode !== 204);
      },
    };
  },
  'POST /api/parts/image-preview': async (env) => ({ method: 'POST', url: '/api/parts/image-preview', payload: { image_url: env.imageUrl } }),
  'GET /api/parts/similar': readOnly('/api/parts/similar?name=Matrix%20part'),
  'GET /api/parts/:id/merge-preview': async (env) => {
    const merged = await freshPart(env);
    return { method: 'GET', url: `/api/parts/${merged.part_id}/merge-preview?into=${env.part.part_id}` };
  },
  'POST /api/parts/:id/merge': async (env) => {
    const merged = await freshPart(env);
    return {
      method: 'POST',
      url: `/api/parts/${merged.part_id}/merge`,
      payload: { into: env.part.part_id },
      async verify(res) {
        expect(Boolean(await partRow(env, merged.part_id))).toBe(res.statusCode !== 200);
      },
    };
  },
  'POST /api/parts/request': async (env) => ({
    method: 'POST',
    url: '/api/parts/request',
    payload: { partName: `Wanted ${uniqueSuffix()}`, partUrl: 'https://example.com/wanted', status: 'approved', user_id: env.p.admin.uid, request_id: 1 },
    async verify(res, caller) {
      if (res.statusCode !== 201) return;
      const row = await requestRow(env, res.json<{ part_id: number }>().part_id);
      expect(row).toMatchObject({ status: 'pending', user_id: caller?.uid });
    },
  }),
  'GET /api/parts/pending': readOnly('/api/parts/pending'),
  'PUT /api/parts/pending/:id': async (env, owner) => {
    const request = await insertPartRequest(env.t.app.db, { name: `Pending ${uniqueSuffix()}`, url: 'https://example.com/p', user_id: owner.uid });
    return {
      method: 'PUT',
      url: `/api/parts/pending/${request.request_id}`,
      payload: { status: 'approved', user_id: env.p.b.uid },
      async verify(res) {
        expect(await requestRow(env, request.request_id)).toMatchObject({ status: res.statusCode === 200 ? 'approved' : 'pending', user_id: owner.uid });
      },
    };
  },
  'DELETE /api/parts/pending/:id': async (env, owner) => {
    const request = await insertPartRequest(env.t.app.db, { name: `Pending ${uniqueSuffix()}`, url: 'https://example.com/p', user_id: owner.uid });
    return {
      method: 'DELETE',
      url: `/api/parts/pending/${request.request_id}`,
      async verify(res) {
        expect(Boolean(await requestRow(env, request.request_id))).toBe(res.statusCode !== 204);
      },
    };
  },

  'GET /api/battlestations': readOnly('/api/battlestations'),
  'GET /api/battlestations/featured': readOnly('/api/battlestations/featured'),
  'POST /api/battlestations': async (env) => ({
    method: 'POST',
    url: '/api/battlestations',
    ...multipart({ name: `Matrix desk ${uniqueSuffix()}`, added_parts: [env.part.part_id], ...STATION_INTRUDERS(env.p.a.uid) }, [
      { field: 'images', filename: 'desk.jpg', content: env.jpeg, contentType: 'image/jpeg' },
    ]),
    async verify(res, caller) {
      if (res.statusCode !== 201) return;
      const row = await stationRow(env, res.json<{ newId: number }>().newId);
      expect(row).toMatchObject({ user_id: caller?.uid, favorites: 0, image_count: 1, part_count: 1 });
      expect(row!.battlestation_id).not.toBe(1);
      expect(recent(row!.created_date)).toBe(true);
    },
  }),
  'GET /api/battlestations/id/:id': stationReads(true, ''),
  'GET /api/battlestations/id/:id · private': stationReads(false, ''),
  'GET /api/battlestations/id/:id/parts': stationReads(true, '/parts'),
  'GET /api/battlestations/id/:id/parts · private': stationReads(false, '/parts'),
  'GET /api/battlestations/id/:id/similar': stationReads(true, '/similar'),
  'GET /api/battlestations/id/:id/similar · private': stationReads(false, '/similar'),
  'GET /api/battlestations/id/:id/history': stationReads(true, '/history'),
  'GET /api/battlestations/id/:id/history · private': stationReads(false, '/history'),
  'PUT /api/battlestations/id/:id': editStation(true),
  'PUT /api/battlestations/id/:id · private': editStation(false),
  'DELETE /api/battlestations/id/:id': deleteStation(true),
  'DELETE /api/battlestations/id/:id · private': deleteStation(false),
  'GET /api/battlestations/images/:file': stationPhoto(true),
  'GET /api/battlestations/images/:file · private': stationPhoto(false),
  'PUT /api/battlestations/favorites/:id': favoriteStation(true),
  'PUT /api/battlestations/favorites/:id · private': favoriteStation(false),

  'GET /api/stores': readOnly('/api/stores'),
  'GET /api/stores/count': readOnly('/api/stores/count'),
  'GET /api/stores/all': readOnly('/api/stores/all'),
  'POST /api/stores': async (env) => ({
    method: 'POST',
    url: '/api/stores',
    payload: { name: `Store ${uniqueSuffix()}`, url: `https://store-${uniqueSuffix()}.example.com`, part_count: 99 },
    async verify(res) {
      if (res.statusCode === 201) expect((await storeRow(env, res.json<{ store_id: number }>().store_id))?.part_count).toBe(0);
    },
  }),
  'PUT /api/stores/:id': async (env) => {
    const before = await insertStore(env.t.app.db, { name: `Store ${uniqueSuffix()}`, url: `https://store-${uniqueSuffix()}.example.com` });
    return {
      method: 'PUT',
      url: `/api/stores/${before.store_id}`,
      payload: { name: `Renamed ${uniqueSuffix()}`, url: `https://store-${uniqueSuffix()}.example.com/new`, part_count: 99 },
      async verify(res) {
        const after = await storeRow(env, before.store_id);
        expect(after?.part_count).toBe(0);
        if (res.statusCode !== 200) expect(after?.name).toBe(before.name);
      },
    };
  },
  'DELETE /api/stores/:id': async (env) => {
    const { store_id: id } = await insertStore(env.t.app.db, { name: `Store ${uniqueSuffix()}`, url: 'https://store.example.com' });
    return {
      method: 'DELETE',
      url: `/api/stores/${id}`,
      async verify(res) {
        expect(Boolean(await storeRow(env, id))).toBe(res.statusCode !== 204);
      },
    };
  },

  'GET /api/admin/stats': readOnly('/api/admin/stats'),
  'GET /api/admin/battlestations': readOnly('/api/admin/battlestations'),
  'GET /api/admin/parts': readOnly('/api/admin/parts'),
  'GET /api/admin/users': readOnly('/api/admin/users'),
  'PUT /api/admin/users/:uid/roles': async (env) => {
    const target = await freshUser(env);
    return {
      method: 'PUT',
      url: `/api/admin/users/${target.uid}/roles`,
      payload: { is_moderator: true, username: 'hijacked_name', email: 'hijacked@example.com', user_id: 'hijacked' },
      async verify(res) {
        expect(await userRow(env, target.uid)).toMatchObject({
          username: target.username,
          email: target.email,
          is_admin: false,
          is_moderator: res.statusCode === 200,
        });
      },
    };
  },
  ...STORE_LINK_REQUESTS,
};

/** Rows whose owner is used up by the call (the user rows): a new owner for every caller. */
export const FRESH_OWNER_ROWS = new Set(['PUT /api/users/:id', 'DELETE /api/users/:id']);

export { freshUser };

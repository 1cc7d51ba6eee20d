import { eq, sql } from 'drizzle-orm';
import { part_stores, stores } from '../src/db/schema';
import { insertPartStores, insertStores } from '../src/repositories/catalogue-repository';
import { refreshStoreCounts } from '../src/repositories/derived-columns-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createPart, createUser, type TestUser } from './helpers/factories';
import { rows } from './helpers/sql-rows';

let t: TestApp;
let admin: TestUser;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { is_admin: true });
  const created = await insertStores(t.app.db, [
    { name: 'Newegg', url: 'https://www.newegg.com' },
    { name: 'amazon', url: 'https://www.amazon.com' },
    { name: 'Best Buy', url: 'https://www.bestbuy.com' },
    { name: 'IKEA', url: 'https://www.ikea.com' },
  ]);
  ids = Object.fromEntries(created.map((s) => [s.name, s.store_id]));
  // Part counts 3, 1, 2, 0.
  const parts = await Promise.all(Array.from({ length: 3 }, () => createPart(t.app)));
  await insertPartStores(t.app.db, [
    ...parts.map((p) => ({ part_id: p.part_id, store_id: ids.Newegg, url: `https://www.newegg.com/p/${p.part_id}` })),
    { part_id: parts[0].part_id, store_id: ids.amazon, url: 'https://www.amazon.com/dp/1' },
    { part_id: parts[0].part_id, store_id: ids['Best Buy'], url: 'https://www.bestbuy.com/1' },
    { part_id: parts[1].part_id, store_id: ids['Best Buy'], url: 'https://www.bestbuy.com/2' },
  ]);
  await refreshStoreCounts(t.app.db, 'all');
});
afterAll(() => t?.close());

const list = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/stores${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ stores: { store_id: number; name: string; url: string; part_count: number }[]; total: number }>();
};

describe('reading stores', () => {
  it('GET /api/stores/count answers the total as a number', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stores/count' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 4 });
  });

  it('lists 10 a page by name ascending, ignoring case, with part counts', async () => {
    const page = await list();
    expect(page.total).toBe(4);
    expect(page.stores.map((s) => s.name)).toEqual(['amazon', 'Best Buy', 'IKEA', 'Newegg']);
    expect(page.stores[3]).toEqual({ store_id: ids.Newegg, name: 'Newegg', url: 'https://www.newegg.com', part_count: 3 });
  });

  it('sorts by url and part_count in both directions, and pages', async () => {
    expect((await list('?sortBy=part_count&direction=desc')).stores.map((s) => s.part_count)).toEqual([3, 2, 1, 0]);
    expect((await list('?sortBy=url&direction=desc')).stores.map((s) => s.name)).toEqual(['Newegg', 'IKEA', 'Best Buy', 'amazon']);
    const second = await list('?resultsPerPage=10&pageNumber=2');
    expect(second).toEqual({ stores: [], total: 4 });
  });

  it('searches names and URLs ignoring case', async () => {
    expect((await list('?searchTerm=BEST')).stores.map((s) => s.name)).toEqual(['Best Buy']);
    expect((await list('?searchTerm=ikea.com')).total).toBe(1);
    expect(await list('?searchTerm=100%25')).toEqual({ stores: [], total: 0 });
  });

  it('refuses unknown sorts and page sizes naming the allowed values', async () => {
    const sort = await t.app.inject({ method: 'GET', url: '/api/stores?sortBy=created_date' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json()).toEqual({ message: 'sortBy must be one of: name, url, part_count.' });
    const size = await t.app.inject({ method: 'GET', url: '/api/stores?resultsPerPage=12' });
    expect(size.json()).toEqual({ message: 'resultsPerPage must be one of: 10, 20, 50.' });
  });

  it('GET /api/stores/all gives every id and name by name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stores/all' });
    expect(res.json()).toEqual(['amazon', 'Best Buy', 'IKEA', 'Newegg'].map((name) => ({ store_id: ids[name], name })));
  });
});

describe('writing stores (admins)', () => {
  it('creates from multipart or JSON, trimming, and validates name and url', async () => {
    const form = new FormData();
    form.append('name', '  Micro Center ');
    form.append('url', 'https://www.microcenter.com');
    const created = await t.app.inject({ method: 'POST', url: '/api/stores', headers: bearer(admin), payload: form });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ store_id: expect.any(Number), name: 'Micro Center', url: 'https://www.microcenter.com', part_count: 0 });

    const json = await t.app.inject({ method: 'POST', url: '/api/stores', headers: bearer(admin), payload: { name: 'B&H Photo', url: 'https://www.bhphotovideo.com' } });
    expect(json.statusCode).toBe(201);

    for (const [body, message] of [
      [{ url: 'https://x.example' }, 'Field is required.'],
      [{ name: 'No link', url: '' }, 'Field is required.'],
      [{ name: 'Bad link', url: 'javascript:alert(1)' }, 'Enter a valid store URL starting with http:// or https://.'],
      [{ name: 'x'.repeat(201), url: 'https://x.example' }, 'Name must be at most 200 characters.'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/stores', headers: bearer(admin), payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });

  it('updates a store, 404 when it does not exist', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/stores/${ids.IKEA}`, headers: bearer(admin), payload: { name: 'IKEA US', url: 'https://www.ikea.com/us/en/' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ store_id: ids.IKEA, name: 'IKEA US', url: 'https://www.ikea.com/us/en/', part_count: 0 });
    const missing = await t.app.inject({ method: 'PUT', url: '/api/stores/999999', headers: bearer(admin), payload: { name: 'Ghost', url: 'https://ghost.example' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'This store does not exist.' });
  });

  // Issue 16 item 9: a store of the same name in another case, or of the same URL, was accepted beside the first.
  it('refuses a second store with the same name in any case or the same URL, on create and on update', async () => {
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/stores', headers: bearer(admin), payload });
    for (const [payload, message] of [
      [{ name: 'NEWEGG', url: 'https://newegg.example' }, 'A store with this name already exists.'],
      [{ name: 'newegg ', url: 'https://newegg.example' }, 'A store with this name already exists.'],
      [{ name: 'Amazon US', url: 'https://WWW.amazon.com/' }, 'A store with this URL already exists.'],
    ] as const) {
      const res = await post(payload);
      expect({ payload, status: res.statusCode, body: res.json() }).toEqual({ payload, status: 409, body: { message } });
    }
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/stores/${ids.amazon}`, headers: bearer(admin), payload: { name: 'newegg', url: 'https://www.amazon.com' } });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toEqual({ message: 'A store with this name already exists.' });
    // A store may keep its own name and URL, changing only their case.
    const same = await t.app.inject({ method: 'PUT', url: `/api/stores/${ids.amazon}`, headers: bearer(admin), payload: { name: 'Amazon', url: 'https://www.amazon.com' } });
    expect(same.statusCode).toBe(200);
    // Two admins saving look-alikes at once: exactly one store is made.
    const racing = await Promise.all([post({ name: 'Racer', url: 'https://racer.example' }), post({ name: 'RACER', url: 'https://racer2.example' })]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('deletes a store with its part links; the parts stay and the other stores keep their counts', async () => {
    const before = await t.app.db.select({ n: stores.part_count }).from(stores).where(eq(stores.store_id, ids.Newegg));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/stores/${ids['Best Buy']}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(204);
    expect(await t.app.db.select().from(part_stores).where(eq(part_stores.store_id, ids['Best Buy']))).toEqual([]);
    expect(await t.app.db.select().from(stores).where(eq(stores.store_id, ids['Best Buy']))).toEqual([]);
    const [{ n }] = await rows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM parts`);
    expect(Number(n)).toBe(3);
    expect(await t.app.db.select({ n: stores.part_count }).from(stores).where(eq(stores.store_id, ids.Newegg))).toEqual(before);
    // Every remaining store's part_count matches its links.
    const mismatched = await rows(t.app.db, sql`SELECT s.store_id FROM stores s WHERE s.part_count <> (SELECT count(*) FROM part_stores l WHERE l.store_id = s.store_id)`);
    expect(mismatched).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/stores/${ids['Best Buy']}`, headers: bearer(admin) })).statusCode).toBe(404);
  });
});

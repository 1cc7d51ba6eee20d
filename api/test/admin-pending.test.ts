import { eq, sql } from 'drizzle-orm';
import { part_requests, parts } from '../src/db/schema';
import { insertPartRequests, insertStores } from '../src/repositories/catalogue-repository';
import type { PartTypeRow } from '../src/repositories/part-types-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createPartType, createUser, type TestUser } from './helpers/factories';
import { imageFiles, jpegBytes, partForm } from './helpers/admin-helpers';
import { rows } from './helpers/sql-rows';

let t: TestApp;
let admin: TestUser;
let requester: TestUser;
let type: PartTypeRow;
let jpeg: Buffer;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, requester, type] = await Promise.all([createUser(t.app, { is_admin: true }), createUser(t.app), createPartType(t.app)]);
  jpeg = await jpegBytes();
});
afterAll(() => t?.close());

async function request(name: string, options: { status?: 'pending' | 'approved'; daysAgo?: number; anonymous?: boolean } = {}): Promise<number> {
  await insertPartRequests(t.app.db, [
    {
      name,
      url: `https://example.com/${encodeURIComponent(name)}`,
      user_id: options.anonymous ? null : requester.uid,
      status: options.status ?? 'pending',
      created_date: new Date(Date.now() - (options.daysAgo ?? 0) * DAY),
    },
  ]);
  const [row] = await t.app.db.select({ id: part_requests.request_id }).from(part_requests).where(eq(part_requests.name, name));
  return row.id;
}

const statusOf = async (id: number) => (await t.app.db.select({ s: part_requests.status }).from(part_requests).where(eq(part_requests.request_id, id)))[0]?.s;
const get = () => t.app.inject({ method: 'GET', url: '/api/parts/pending', headers: bearer(admin) });

describe('GET /api/parts/pending', () => {
  it('lists every request, pending first and newest first, with the requester', async () => {
    const old = await request('Old pending', { daysAgo: 5 });
    const fresh = await request('Fresh pending', { daysAgo: 1 });
    const done = await request('Approved one', { status: 'approved', daysAgo: 0 });
    const orphan = await request('From a deleted account', { daysAgo: 3, anonymous: true });
    const res = await get();
    expect(res.statusCode).toBe(200);
    const list = res.json<{ part_id: number; status: string; username: string | null }[]>();
    expect(list.map((r) => r.part_id)).toEqual([fresh, orphan, old, done]);
    expect(list[0]).toEqual({
      part_id: fresh,
      name: 'Fresh pending',
      url: 'https://example.com/Fresh%20pending',
      status: 'pending',
      username: requester.username,
      created_date: expect.stringMatching(/Z$/),
      likely_parts: [],
    });
    expect(list[1].username).toBeNull();
  });
});

describe('PUT /api/parts/pending/:id', () => {
  it('sets the status from multipart or JSON, and validates it', async () => {
    const id = await request('Status change');
    const form = new FormData();
    form.append('status', 'approved');
    const approved = await t.app.inject({ method: 'PUT', url: `/api/parts/pending/${id}`, headers: bearer(admin), payload: form });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ part_id: id, status: 'approved' });
    const back = await t.app.inject({ method: 'PUT', url: `/api/parts/pending/${id}`, headers: bearer(admin), payload: { status: 'pending' } });
    expect(back.json()).toMatchObject({ status: 'pending' });
    const bad = await t.app.inject({ method: 'PUT', url: `/api/parts/pending/${id}`, headers: bearer(admin), payload: { status: 'rejected' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'status must be one of: pending, approved.' });
    const missing = await t.app.inject({ method: 'PUT', url: '/api/parts/pending/999999', headers: bearer(admin), payload: { status: 'approved' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'This part request does not exist.' });
  });
});

describe('DELETE /api/parts/pending/:id', () => {
  it('deletes the request', async () => {
    const id = await request('Spam request');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/parts/pending/${id}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(204);
    expect(await statusOf(id)).toBeUndefined();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/parts/pending/${id}`, headers: bearer(admin) })).statusCode).toBe(404);
  });
});

describe('approving a request by creating its part (request_id)', () => {
  const create = (requestId: number, name: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/parts/',
      headers: bearer(admin),
      payload: partForm({ name, type_id: type.type_id, manufacturer: 'Elgato', request_id: requestId, ...extra }, { bytes: jpeg }),
    });

  it('creates the part and approves the request in one call', async () => {
    const id = await request('Elgato Stream Deck MK.2');
    const res = await create(id, 'Elgato Stream Deck MK.2');
    expect(res.statusCode).toBe(201);
    expect(await statusOf(id)).toBe('approved');
    expect(await t.app.db.select().from(parts).where(eq(parts.part_id, res.json<{ part_id: number }>().part_id))).toHaveLength(1);
    // The request remembers the part it became (a part merge moves it, issue 20 item 4).
    const [row] = await t.app.db.select({ part_id: part_requests.part_id }).from(part_requests).where(eq(part_requests.request_id, id));
    expect(row.part_id).toBe(res.json<{ part_id: number }>().part_id);

    // Set back to pending, it is no longer that part's request: a merge of the part would not move or count it.
    const back = await t.app.inject({ method: 'PUT', url: `/api/parts/pending/${id}`, headers: bearer(admin), payload: { status: 'pending' } });
    expect(back.json()).toMatchObject({ status: 'pending' });
    const [pending] = await t.app.db.select({ part_id: part_requests.part_id }).from(part_requests).where(eq(part_requests.request_id, id));
    expect(pending.part_id).toBeNull();
  });

  it('leaves the request pending, and no part or file, when the part cannot be saved', async () => {
    const id = await request('Shure SM7B');
    const filesBefore = await imageFiles(t.config.imagesDir);
    // A failure inside the transaction, after the part row and the approval were written: a store link
    // the database refuses (a trigger standing in for any late failure, e.g. a store deleted meanwhile).
    const [store] = await insertStores(t.app.db, [{ name: 'Refusing store', url: 'https://refusing.example' }]);
    await t.app.db.execute(sql.raw(`CREATE FUNCTION refuse_link() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'link refused'; END $$ LANGUAGE plpgsql`));
    await t.app.db.execute(
      sql.raw(`CREATE TRIGGER refuse_link BEFORE INSERT ON part_stores FOR EACH ROW WHEN (NEW.store_id = ${store.store_id}) EXECUTE FUNCTION refuse_link()`),
    );
    const res = await create(id, 'Shure SM7B', { added_stores: [{ store_id: store.store_id, url: 'https://refusing.example/sm7b' }] });
    expect(res.statusCode).toBe(500);
    expect(await statusOf(id)).toBe('pending');
    expect(await t.app.db.select().from(parts).where(eq(parts.name, 'Shure SM7B'))).toEqual([]);
    expect(await imageFiles(t.config.imagesDir)).toEqual(filesBefore);

    // And a broken image fails before anything is written.
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/parts/',
      headers: bearer(admin),
      payload: partForm({ name: 'Shure SM7B', type_id: type.type_id, manufacturer: 'Shure', request_id: id }, { bytes: jpeg.subarray(0, 200) }),
    });
    expect(broken.statusCode).toBe(400);
    expect(await statusOf(id)).toBe('pending');
  });

  it('refuses a request that is already approved or unknown, creating no part', async () => {
    const id = await request('Herman Miller Embody', { status: 'approved' });
    const filesBefore = await imageFiles(t.config.imagesDir);
    const res = await create(id, 'Herman Miller Embody');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This part request has already been approved.' });
    const missing = await create(999999, 'Herman Miller Embody');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'This part request does not exist.' });
    expect(await t.app.db.select().from(parts).where(eq(parts.name, 'Herman Miller Embody'))).toEqual([]);
    expect(await imageFiles(t.config.imagesDir)).toEqual(filesBefore);
  });

  it('counts only pending requests in the figures', async () => {
    const [{ n }] = await rows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM part_requests WHERE status = 'pending'`);
    const stats = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin) });
    expect(stats.json()).toMatchObject({ pending_requests: Number(n) });
  });
});

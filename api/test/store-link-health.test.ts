import type http from 'node:http';
import { STORE_LINK_MESSAGES } from '@battledeck/shared/contract';
import { and, eq, sql } from 'drizzle-orm';
import { part_stores, store_link_checks, stores } from '../src/db/schema';
import { LOOPBACK_ADDRESSES } from '../src/outbound/outbound-request';
import { PROBE_ERRORS, probeLink } from '../src/store-links/probe-link';
import { DEFAULT_STORE_LINK_CHECK, STORE_LINK_USER_AGENT, type StoreLinkCheckOptions } from '../src/store-links/store-link-options';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { startLocalServer, type LocalServer } from './helpers/admin-helpers';
import { bearer, createPart, createUser, type TestUser } from './helpers/factories';

/**
 * Store-link health (issue 20 item 5) against a fake store on 127.0.0.1. The production policy refuses
 * loopback; these apps reach it through the test-only allowance (OUTBOUND_ALLOW_LOOPBACK's addresses).
 */

// A generous timeout (a redirect is two requests, slow beside the other suites); the timeout test sets its own.
const FAST: Partial<StoreLinkCheckOptions> = { timeoutMs: 5000, hostSpacingMs: 0, recheckAfterMs: 0, retryAfterMs: 0, allowedAddresses: LOOPBACK_ADDRESSES };
const options = (overrides: Partial<StoreLinkCheckOptions> = {}): StoreLinkCheckOptions => ({ ...DEFAULT_STORE_LINK_CHECK, ...FAST, ...overrides });

let store: LocalServer;
/** Method, path and User-Agent of each request the fake store saw. */
const seen: { method: string; path: string; agent: string | undefined }[] = [];
const HUGE_PAGE_BYTES = 200 * 1024 * 1024;
/** Bytes of the huge page the store had written when the prober hung up. */
let hugeClosed: Promise<number> = Promise.resolve(0);
const record = (handler: http.RequestListener): http.RequestListener => (req, res) => {
  seen.push({ method: req.method ?? '', path: new URL(req.url ?? '/', 'http://x').pathname, agent: req.headers['user-agent'] });
  return handler(req, res);
};

beforeAll(async () => {
  store = await startLocalServer({
    '/ok': record((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>a part</html>')),
    '/gone': record((_req, res) => res.writeHead(404).end('missing')),
    '/no-head': record((req, res) => (req.method === 'HEAD' ? res.writeHead(405).end() : res.writeHead(200).end('page'))),
    '/slow': record(() => undefined),
    '/busy': record((_req, res) => res.writeHead(429).end()),
    '/to-ok': record((_req, res) => res.writeHead(301, { location: '/ok' }).end()),
    '/to-metadata': record((_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end()),
    '/to-private': record((_req, res) => res.writeHead(302, { location: 'http://10.0.0.7/part' }).end()),
    // A huge page: the GET must stop after the headers instead of downloading it.
    '/huge': record((req, res) => {
      if (req.method === 'HEAD') return res.writeHead(403).end();
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 120);
      let sent = 0;
      const pump = () => {
        while (sent < HUGE_PAGE_BYTES && res.write(chunk)) sent += chunk.length;
        if (sent < HUGE_PAGE_BYTES && !res.destroyed) res.once('drain', pump);
      };
      hugeClosed = new Promise((resolve) =>
        res.on('close', () => {
          resolve(sent);
          sent = Infinity;
        }),
      );
      pump();
    }),
  });
});
afterAll(() => store?.close());
beforeEach(() => (seen.length = 0));

describe('probeLink (HEAD, then GET, under the image import address policy)', () => {
  it('passes a page that answers 200 to HEAD, with one HEAD request naming Battledeck', async () => {
    await expect(probeLink(`${store.origin}/ok`, options())).resolves.toEqual({ outcome: 'ok', status: 200, error: null });
    expect(seen).toEqual([{ method: 'HEAD', path: '/ok', agent: STORE_LINK_USER_AGENT }]);
    expect(STORE_LINK_USER_AGENT).toMatch(/Battledeck/);
  });

  it('fails a 404 after trying GET as well', async () => {
    await expect(probeLink(`${store.origin}/gone`, options())).resolves.toEqual({ outcome: 'failed', status: 404, error: null });
    expect(seen.map((s) => s.method)).toEqual(['HEAD', 'GET']);
  });

  it('passes a store that answers 405 to HEAD and 200 to GET', async () => {
    await expect(probeLink(`${store.origin}/no-head`, options())).resolves.toMatchObject({ outcome: 'ok', status: 200 });
    expect(seen.map((s) => s.method)).toEqual(['HEAD', 'GET']);
  });

  it('gives up on a store that never answers within the time limit, without a second try', async () => {
    const started = Date.now();
    await expect(probeLink(`${store.origin}/slow`, options({ timeoutMs: 300 }))).resolves.toEqual({ outcome: 'failed', status: null, error: PROBE_ERRORS.timeout });
    // Far below the jest limit, far above 300 ms on a loaded machine; the second try is what `seen` rules out.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(seen.map((s) => s.method)).toEqual(['HEAD']);
  });

  it('follows a redirect to an allowed address', async () => {
    await expect(probeLink(`${store.origin}/to-ok`, options())).resolves.toMatchObject({ outcome: 'ok', status: 200 });
  });

  it.each(['/to-metadata', '/to-private'])('refuses a redirect to a private address (%s) without connecting to it', async (path) => {
    await expect(probeLink(`${store.origin}${path}`, options())).resolves.toEqual({ outcome: 'failed', status: null, error: PROBE_ERRORS.notPublic });
  });

  it('refuses loopback without the test-only allowance (the production policy)', async () => {
    await expect(probeLink(`${store.origin}/ok`, options({ allowedAddresses: [] }))).resolves.toEqual({ outcome: 'failed', status: null, error: PROBE_ERRORS.notPublic });
    await expect(probeLink(`http://localhost:${store.port}/ok`, options({ allowedAddresses: [] }))).resolves.toMatchObject({ error: PROBE_ERRORS.notPublic });
    expect(seen).toEqual([]);
  });

  it('reads the status of a huge page without downloading it', async () => {
    await expect(probeLink(`${store.origin}/huge`, options({ timeoutMs: 5000 }))).resolves.toMatchObject({ outcome: 'ok', status: 200 });
    // Hung up after socket buffers' worth, not the page (by bytes, not time: a loaded machine is slow either way).
    expect(await hugeClosed).toBeLessThan(HUGE_PAGE_BYTES / 10);
  });

  it('calls a 429 inconclusive rather than a failure, and asks no more after a HEAD answered it', async () => {
    seen.length = 0;
    await expect(probeLink(`${store.origin}/busy`, options())).resolves.toMatchObject({ outcome: 'inconclusive', status: 429 });
    expect(seen.map((r) => r.method)).toEqual(['HEAD']);
  });
});

describe('the checker, the admin section and where to buy', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let storeIds: { good: number; gone: number; other: number };

  const addStore = async (name: string) => (await t.app.db.insert(stores).values({ name, url: `https://${name.toLowerCase()}.example` }).returning())[0].store_id;
  const link = async (partId: number, storeId: number, path: string) => t.app.db.insert(part_stores).values({ part_id: partId, store_id: storeId, url: `${store.origin}${path}` });
  const broken = (as: TestUser = admin) => t.app.inject({ method: 'GET', url: '/api/admin/store-links/broken', headers: bearer(as) });
  const checkPart = (partId: number) => t.app.inject({ method: 'POST', url: '/api/admin/store-links/check', headers: bearer(admin), payload: { part_id: partId } });
  const whereToBuy = async (partId: number) => (await t.app.inject({ method: 'GET', url: `/api/parts/id/${partId}` })).json().stores as { store_id: number; link_broken?: boolean }[];

  beforeAll(async () => {
    t = await buildTestApp({ storeLinkCheck: options() });
    admin = await createUser(t.app, { is_admin: true });
    user = await createUser(t.app);
    storeIds = { good: await addStore('Goodshop'), gone: await addStore('Goneshop'), other: await addStore('Othershop') };
  });
  afterAll(() => t?.close());

  it('marks a link broken only after two failures in a row, shows it to admins and marks it on the part', async () => {
    const part = await createPart(t.app);
    await link(part.part_id, storeIds.good, '/ok');
    await link(part.part_id, storeIds.gone, '/gone');

    expect((await checkPart(part.part_id)).json()).toEqual({ checked: 2, ok: 1, failed: 1, ran: true });
    expect((await broken()).json().links.filter((l: { part_id: number }) => l.part_id === part.part_id)).toEqual([]);
    expect((await whereToBuy(part.part_id)).some((s) => 'link_broken' in s)).toBe(false);

    await checkPart(part.part_id);
    const list = (await broken()).json();
    const row = list.links.find((l: { part_id: number }) => l.part_id === part.part_id);
    expect(row).toMatchObject({ part_name: part.name, store_id: storeIds.gone, store_name: 'Goneshop', url: `${store.origin}/gone`, last_status: 404, consecutive_failures: 2 });
    expect(Date.parse(row.last_checked_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(await whereToBuy(part.part_id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ store_id: storeIds.gone, link_broken: true }), expect.not.objectContaining({ link_broken: expect.anything() })]),
    );
  });

  it('puts a link the store answers 429 to at the back of the queue, with its count of failures as it was', async () => {
    const part = await createPart(t.app);
    await link(part.part_id, storeIds.gone, '/gone');
    await checkPart(part.part_id);
    await t.app.db.update(part_stores).set({ url: `${store.origin}/busy` }).where(eq(part_stores.part_id, part.part_id));
    const fresh = await createPart(t.app);
    await link(fresh.part_id, await addStore('Busyshop'), '/busy');
    expect((await checkPart(part.part_id)).json()).toMatchObject({ checked: 0 });
    await checkPart(fresh.part_id);
    const rowOf = async (partId: number) => (await t.app.db.select().from(store_link_checks).where(eq(store_link_checks.part_id, partId)))[0];
    // A new URL starts afresh; a link never checked gets its row: neither is first in line any more.
    expect(await rowOf(part.part_id)).toMatchObject({ url: `${store.origin}/busy`, consecutive_failures: 0, is_broken: false, last_status: 429 });
    expect(await rowOf(fresh.part_id)).toMatchObject({ consecutive_failures: 0, is_broken: false, last_status: 429 });
    expect(Date.parse(String((await rowOf(fresh.part_id)).last_checked_at))).toBeGreaterThan(Date.now() - 60_000);

    // A link failed once and then put off keeps its one failure: the next failure marks it broken.
    await t.app.db.update(part_stores).set({ url: `${store.origin}/gone` }).where(eq(part_stores.part_id, part.part_id));
    await checkPart(part.part_id);
    await t.app.db.execute(sql`UPDATE part_stores SET url = ${`${store.origin}/busy`} WHERE part_id = ${part.part_id}`);
    await t.app.db.execute(sql`UPDATE store_link_checks SET url = ${`${store.origin}/busy`} WHERE part_id = ${part.part_id}`);
    await checkPart(part.part_id);
    expect(await rowOf(part.part_id)).toMatchObject({ consecutive_failures: 1, is_broken: false, last_status: 404 });
  });

  it('starts counting again after a success', async () => {
    const part = await createPart(t.app);
    await link(part.part_id, storeIds.gone, '/gone');
    await checkPart(part.part_id);
    await t.app.db.update(part_stores).set({ url: `${store.origin}/ok` }).where(eq(part_stores.part_id, part.part_id));
    await checkPart(part.part_id);
    await t.app.db.update(part_stores).set({ url: `${store.origin}/gone` }).where(eq(part_stores.part_id, part.part_id));
    await checkPart(part.part_id);
    const [row] = await t.app.db.select().from(store_link_checks).where(eq(store_link_checks.part_id, part.part_id));
    expect(row).toMatchObject({ consecutive_failures: 1, is_broken: false });
  });

  it('lets an admin fix a broken link: the new URL is stored and starts unchecked', async () => {
    const part = await createPart(t.app);
    await link(part.part_id, storeIds.gone, '/gone');
    await checkPart(part.part_id);
    await checkPart(part.part_id);
    expect((await whereToBuy(part.part_id))[0].link_broken).toBe(true);

    const fixed = await t.app.inject({ method: 'PUT', url: `/api/admin/store-links/${part.part_id}/${storeIds.gone}`, headers: bearer(admin), payload: { url: `${store.origin}/ok` } });
    expect(fixed.statusCode).toBe(200);
    expect((await whereToBuy(part.part_id))[0]).toEqual({ store_id: storeIds.gone, store_name: 'Goneshop', url: `${store.origin}/ok` });
    expect((await broken()).json().links.some((l: { part_id: number }) => l.part_id === part.part_id)).toBe(false);
    expect(await t.app.db.select().from(store_link_checks).where(eq(store_link_checks.part_id, part.part_id))).toEqual([]);
  });

  it('answers 404, not 200 or 204, when the link went between the look and the write (a merge moved it meanwhile)', async () => {
    const part = await createPart(t.app);
    await link(part.part_id, storeIds.gone, '/gone');
    // The row is there to read, but the write finds nothing: as when a concurrent merge moved it to the kept part.
    await t.app.db.execute(sql.raw(`CREATE FUNCTION test_link_moves() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF OLD.part_id = ${part.part_id} THEN RETURN NULL; END IF; RETURN COALESCE(NEW, OLD); END $$`));
    await t.app.db.execute(sql`CREATE TRIGGER test_link_moves BEFORE UPDATE OR DELETE ON part_stores FOR EACH ROW EXECUTE FUNCTION test_link_moves()`);
    try {
      const fixed = await t.app.inject({ method: 'PUT', url: `/api/admin/store-links/${part.part_id}/${storeIds.gone}`, headers: bearer(admin), payload: { url: `${store.origin}/ok` } });
      expect([fixed.statusCode, fixed.json().message]).toEqual([404, STORE_LINK_MESSAGES.linkNotFound]);
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/store-links/${part.part_id}/${storeIds.gone}`, headers: bearer(admin) });
      expect([removed.statusCode, removed.json().message]).toEqual([404, STORE_LINK_MESSAGES.linkNotFound]);
    } finally {
      await t.app.db.execute(sql`DROP TRIGGER test_link_moves ON part_stores`);
      await t.app.db.execute(sql`DROP FUNCTION test_link_moves()`);
    }
  });

  it('refuses a fix that is not an http(s) URL', async () => {
    const part = await createPart(t.app);
    await link(part.part_id, storeIds.gone, '/gone');
    const response = await t.app.inject({ method: 'PUT', url: `/api/admin/store-links/${part.part_id}/${storeIds.gone}`, headers: bearer(admin), payload: { url: 'javascript:alert(1)' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Enter a valid store URL starting with http:// or https://.');
  });

  it("lets an admin remove a broken link, and keeps the store's part count right", async () => {
    const part = await createPart(t.app);
    await link(part.part_id, storeIds.other, '/gone');
    await t.app.db.update(stores).set({ part_count: 1 }).where(eq(stores.store_id, storeIds.other));
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/store-links/${part.part_id}/${storeIds.other}`, headers: bearer(admin) });
    expect(removed.statusCode).toBe(204);
    expect(await whereToBuy(part.part_id)).toEqual([]);
    const [row] = await t.app.db.select({ part_count: stores.part_count }).from(stores).where(eq(stores.store_id, storeIds.other));
    expect(row.part_count).toBe(0);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/store-links/${part.part_id}/${storeIds.other}`, headers: bearer(admin) });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(STORE_LINK_MESSAGES.linkNotFound);
  });

  it('keeps the section and its actions to admins (401 without a token, 403 for others)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/store-links/broken' })).statusCode).toBe(401);
    expect((await broken(user)).statusCode).toBe(403);
    const part = await createPart(t.app);
    await link(part.part_id, storeIds.good, '/ok');
    const calls = [
      { method: 'PUT' as const, url: `/api/admin/store-links/${part.part_id}/${storeIds.good}`, payload: { url: 'https://example.com/x' } },
      { method: 'DELETE' as const, url: `/api/admin/store-links/${part.part_id}/${storeIds.good}` },
      { method: 'POST' as const, url: '/api/admin/store-links/check', payload: { part_id: part.part_id } },
    ];
    for (const call of calls) expect((await t.app.inject({ ...call, headers: bearer(user) })).statusCode).toBe(403);
    const [row] = await t.app.db.select().from(part_stores).where(and(eq(part_stores.part_id, part.part_id), eq(part_stores.store_id, storeIds.good)));
    expect(row.url).toBe(`${store.origin}/ok`);
  });

  it('answers 404 for a check of a part that does not exist', async () => {
    const response = await checkPart(2_000_000_000);
    expect(response.statusCode).toBe(404);
  });

  it('runs on its schedule when an interval is configured', async () => {
    const scheduled = await buildTestApp({ storeLinkCheck: options({ intervalMs: 150 }) });
    try {
      const part = await createPart(scheduled.app);
      const storeId = (await scheduled.app.db.insert(stores).values({ name: 'Sched', url: 'https://sched.example' }).returning())[0].store_id;
      await scheduled.app.db.insert(part_stores).values({ part_id: part.part_id, store_id: storeId, url: `${store.origin}/gone` });
      const deadline = Date.now() + 10_000;
      let row: typeof store_link_checks.$inferSelect | undefined;
      while (Date.now() < deadline && !row?.is_broken) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        [row] = await scheduled.app.db.select().from(store_link_checks).where(eq(store_link_checks.part_id, part.part_id));
      }
      expect(row).toMatchObject({ is_broken: true, last_status: 404 });
    } finally {
      await scheduled.close();
    }
  });
});

import { sql } from 'drizzle-orm';
import { insertPartRequests, insertStores } from '../src/repositories/catalogue-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createUser, type TestUser } from './helpers/factories';
import { rows } from './helpers/sql-rows';

let t: TestApp;
let admin: TestUser;
const DAY = 86_400_000;
const utcDay = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { is_admin: true });
  const owner = await createUser(t.app);
  await createBattlestation(t.app, { owner, created_date: new Date() });
  await createBattlestation(t.app, { owner, created_date: new Date(), is_public: false });
  await createBattlestation(t.app, { owner, created_date: new Date(Date.now() - 2 * DAY) });
  await createBattlestation(t.app, { owner, created_date: new Date(Date.now() - 29 * DAY) });
  // Outside the 30 days: counted as a battlestation, not as a recent upload.
  await createBattlestation(t.app, { owner, created_date: new Date(Date.now() - 45 * DAY) });
  await insertStores(t.app.db, [{ name: 'One', url: 'https://one.example' }, { name: 'Two', url: 'https://two.example' }]);
  await insertPartRequests(t.app.db, [
    { name: 'Waiting', url: 'https://w.example', status: 'pending' },
    { name: 'Done', url: 'https://d.example', status: 'approved' },
  ]);
});
afterAll(() => t?.close());

const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(t.app.db, query))[0].n);

describe('GET /api/admin/stats', () => {
  it('matches the rows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const stats = res.json<{
      users: number;
      battlestations: { public: number; private: number };
      parts: number;
      stores: number;
      pending_requests: number;
      uploads_per_day: { date: string; count: number }[];
    }>();
    expect(stats).toMatchObject({
      users: await count(sql`SELECT count(*) AS n FROM users`),
      battlestations: {
        public: await count(sql`SELECT count(*) AS n FROM battlestations WHERE is_public`),
        private: await count(sql`SELECT count(*) AS n FROM battlestations WHERE NOT is_public`),
      },
      parts: await count(sql`SELECT count(*) AS n FROM parts`),
      stores: 2,
      pending_requests: 1,
    });
    expect(stats.users).toBe(2);
    expect(stats.battlestations).toEqual({ public: 4, private: 1 });
    expect(stats.parts).toBe(5);
  });

  it('gives uploads for each of the last 30 days, today last, 0 on quiet days', async () => {
    const { uploads_per_day: days } = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin) })).json<{
      uploads_per_day: { date: string; count: number }[];
    }>();
    expect(days).toHaveLength(30);
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => utcDay((29 - i) * DAY)));
    const byDate = Object.fromEntries(days.map((d) => [d.date, d.count]));
    expect(byDate[utcDay(0)]).toBe(2);
    expect(byDate[utcDay(2 * DAY)]).toBe(1);
    expect(byDate[utcDay(29 * DAY)]).toBe(1);
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(4);
    expect(days.filter((d) => d.count === 0)).toHaveLength(27);
  });
});

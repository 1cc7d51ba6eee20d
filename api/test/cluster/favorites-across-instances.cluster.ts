import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { counterMismatches } from '../helpers/counters';
import { createBattlestation, createUser, type TestUser } from '../helpers/factories';
import { rows } from '../helpers/sql-rows';
import { startCluster, type Cluster } from './helpers/cluster';
import { countByInstance, percentile, reportFigures, runLoad, type CallSpec } from './helpers/load';

const USERS = 40;
const STATIONS = 10;
const TOGGLES = 1000;

let cluster: Cluster;
let users: TestUser[];
let stationIds: number[];

beforeAll(async () => {
  cluster = await startCluster({ label: 'favorites', env: { RATE_LIMIT_FAVORITE_MAX: '1000000' } });
  const owner = await createUser(cluster.control);
  users = [];
  // A few at a time: the emulator is shared with other runs.
  for (let i = 0; i < USERS; i += 8) users.push(...(await Promise.all(Array.from({ length: Math.min(8, USERS - i) }, () => createUser(cluster.control)))));
  stationIds = [];
  for (let i = 0; i < STATIONS; i += 1) stationIds.push((await createBattlestation(cluster.control, { owner })).battlestation_id);
});
afterAll(() => cluster?.stop());

/** A fixed pseudo-random sequence (mulberry32), so a failure can be replayed. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe('two API instances behind nginx on one PostgreSQL', () => {
  it('apply each migration exactly once when both start at the same moment on an empty database', async () => {
    const journal = JSON.parse(readFileSync(path.resolve(__dirname, '../../drizzle/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const [{ n }] = await rows<{ n: number }>(cluster.control.db, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    expect(n).toBe(journal.entries.length);
    reportFigures('start', { bothInstancesHealthyMs: cluster.startMs, migrations: n });
  });

  it('keep every favorites counter exact under 1,000 concurrent toggles by many users, split across both instances', async () => {
    const random = sequence(9);
    const planned: { user: TestUser; stationId: number; action: 'add' | 'remove' }[] = [];
    for (let i = 0; i < TOGGLES; i += 1) {
      planned.push({ user: users[Math.floor(random() * USERS)], stationId: stationIds[Math.floor(random() * STATIONS)], action: random() < 0.6 ? 'add' : 'remove' });
    }
    const specs: CallSpec[] = planned.map((p) => ({
      url: `${cluster.nginx.url}/api/battlestations/favorites/${p.stationId}`,
      method: 'PUT',
      headers: { authorization: `Bearer ${p.user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: p.action }),
    }));

    const started = Date.now();
    // All of them in flight at once.
    const results = await runLoad(specs, TOGGLES);
    const elapsedMs = Date.now() - started;

    const statuses = results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    expect(statuses).toEqual({ 200: TOGGLES });
    const split = countByInstance(results);
    expect(Object.keys(split).sort()).toEqual([`127.0.0.1:${cluster.a.port}`, `127.0.0.1:${cluster.b.port}`]);
    for (const served of Object.values(split)) expect(served).toBeGreaterThanOrEqual(TOGGLES * 0.3);

    // The column equals the rows for every station touched (and nothing else in the database disagrees).
    const counters = await rows<{ id: number; favorites: number; rows: number }>(
      cluster.control.db,
      sql`SELECT b.battlestation_id AS id, b.favorites, (SELECT count(*)::int FROM favorites f WHERE f.battlestation_id = b.battlestation_id) AS rows
          FROM battlestations b WHERE b.battlestation_id IN ${stationIds} ORDER BY 1`,
    );
    expect(counters).toHaveLength(STATIONS);
    for (const c of counters) expect(c.favorites).toBe(c.rows);
    expect(await counterMismatches(cluster.control)).toEqual([]);

    // Pairs that were only ever added are favorited; pairs only ever removed are not.
    const actions = new Map<string, Set<string>>();
    for (const p of planned) {
      const key = `${p.user.uid}:${p.stationId}`;
      actions.set(key, (actions.get(key) ?? new Set()).add(p.action));
    }
    const favorites = await rows<{ user_id: string; battlestation_id: number }>(cluster.control.db, sql`SELECT user_id, battlestation_id FROM favorites`);
    const favorited = new Set(favorites.map((r) => `${r.user_id}:${r.battlestation_id}`));
    const wrong = [...actions].filter(([key, set]) => set.size === 1 && favorited.has(key) !== set.has('add'));
    expect(wrong).toEqual([]);

    const latencies = results.map((r) => r.endedAt - r.startedAt);
    reportFigures('1,000 concurrent favorite toggles', {
      elapsedMs,
      requestsPerSecond: Math.round((TOGGLES / elapsedMs) * 1000),
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      split,
      favoritesRows: favorites.length,
      stationsTouched: counters.length,
    });
  });
});

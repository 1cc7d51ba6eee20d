import { sql } from 'drizzle-orm';
import { counterMismatches } from '../helpers/counters';
import { uniqueSuffix } from '../helpers/emulator-accounts';
import { createBattlestation, createUser, type TestUser } from '../helpers/factories';
import { rows } from '../helpers/sql-rows';
import { startCluster, type Cluster } from './helpers/cluster';
import { countByInstance, percentile, reportFigures, runLoad, type CallResult, type CallSpec } from './helpers/load';

const USERS = 30;
const STATIONS = 20;
const PART_REQUESTS = 300;
const CONCURRENCY = 30;
/** Calls started per second at most: about 450 of the 900 calls start after the switch-over, on any machine. */
const PER_SECOND = 200;
/** The kill lands when this many calls have answered: mid-load, with calls in flight on both instances. */
const KILL_AFTER = 250;
/** After this long nginx must have switched over: no call started later may fail. */
const SWITCH_MS = 1000;

let cluster: Cluster;
let users: TestUser[];
let stationIds: number[];

beforeAll(async () => {
  cluster = await startCluster({ label: 'failover', env: { RATE_LIMIT_FAVORITE_MAX: '1000000', RATE_LIMIT_PART_REQUEST_MAX: '1000000' } });
  const owner = await createUser(cluster.control);
  users = [];
  for (let i = 0; i < USERS; i += 6) users.push(...(await Promise.all(Array.from({ length: 6 }, () => createUser(cluster.control)))));
  stationIds = [];
  for (let i = 0; i < STATIONS; i += 1) stationIds.push((await createBattlestation(cluster.control, { owner })).battlestation_id);
});
afterAll(() => cluster?.stop());

type Write = { kind: 'favorite'; uid: string; stationId: number } | { kind: 'request'; name: string };

/** Every (user, station) favorite once (idempotent PUTs) and part requests (POSTs, not idempotent), interleaved. */
function plan(): { writes: Write[]; specs: CallSpec[] } {
  const writes: Write[] = [];
  const specs: CallSpec[] = [];
  const json = (user: TestUser) => ({ authorization: `Bearer ${user.token}`, 'content-type': 'application/json' });
  const favorites = users.flatMap((user) => stationIds.map((stationId) => ({ user, stationId })));
  for (let i = 0; i < favorites.length; i += 1) {
    const { user, stationId } = favorites[i];
    writes.push({ kind: 'favorite', uid: user.uid, stationId });
    specs.push({ url: `${cluster.nginx.url}/api/battlestations/favorites/${stationId}`, method: 'PUT', headers: json(user), body: JSON.stringify({ action: 'add' }) });
    if (i % 2 === 0 && i / 2 < PART_REQUESTS) {
      const name = `Failover part ${uniqueSuffix()}`;
      writes.push({ kind: 'request', name });
      specs.push({ url: `${cluster.nginx.url}/api/parts/request`, method: 'POST', headers: json(user), body: JSON.stringify({ partName: name, partUrl: 'https://example.com/part' }) });
    }
  }
  return { writes, specs };
}

const ok = (r: CallResult) => r.status >= 200 && r.status < 300;

describe('one of two instances killed mid-load', () => {
  it('loses no committed write, and nginx moves every later call to the survivor', async () => {
    const { writes, specs } = plan();
    let killedAt = 0;
    const started = Date.now();
    const results = await runLoad<{ part_id?: number }>(specs, CONCURRENCY, (_result, done) => {
      if (done === KILL_AFTER) {
        killedAt = Date.now();
        // No warning, no drain: the process is gone, as in a crash or a lost machine.
        void cluster.a.kill('SIGKILL');
      }
    }, PER_SECOND);
    const elapsedMs = Date.now() - started;
    expect(cluster.a.process.signalCode).toBe('SIGKILL');

    const a = `127.0.0.1:${cluster.a.port}`;
    const b = `127.0.0.1:${cluster.b.port}`;
    const beforeKill = results.filter((r) => r.endedAt < killedAt);
    expect(countByInstance(beforeKill)[a]).toBeGreaterThan(50);

    // Only calls in flight around the kill may fail; everything started after the switch succeeds on B.
    const failed = results.filter((r) => !ok(r));
    for (const r of failed) expect(r.startedAt).toBeLessThan(killedAt + SWITCH_MS);
    const afterSwitch = results.filter((r) => r.startedAt >= killedAt + SWITCH_MS);
    expect(afterSwitch.length).toBeGreaterThan(200);
    expect(afterSwitch.every((r) => ok(r) && r.servedBy === b)).toBe(true);

    // Every write that was answered 2xx is in the database.
    const favoriteRows = await rows<{ user_id: string; battlestation_id: number }>(cluster.control.db, sql`SELECT user_id, battlestation_id FROM favorites`);
    const favorited = new Set(favoriteRows.map((r) => `${r.user_id}:${r.battlestation_id}`));
    const requestRows = await rows<{ request_id: number; name: string }>(cluster.control.db, sql`SELECT request_id, name FROM part_requests`);
    const requested = new Map(requestRows.map((r) => [r.request_id, r.name]));
    const lost = results.filter((r, i) => {
      if (!ok(r)) return false;
      const write = writes[i];
      return write.kind === 'favorite' ? !favorited.has(`${write.uid}:${write.stationId}`) : requested.get(r.body?.part_id ?? -1) !== write.name;
    });
    expect(lost).toEqual([]);
    expect(await counterMismatches(cluster.control)).toEqual([]);

    // And the survivor keeps serving reads and writes through nginx.
    const more = await runLoad(Array.from({ length: 40 }, () => ({ url: `${cluster.nginx.url}/api/battlestations?resultsPerPage=12`, method: 'GET' })), 10);
    expect(more.every((r) => r.status === 200 && r.servedBy === b)).toBe(true);

    const failedAt = failed.map((r) => r.endedAt - killedAt);
    reportFigures('SIGKILL of one instance mid-load', {
      calls: results.length,
      elapsedMs,
      killedAfterCalls: KILL_AFTER,
      servedBeforeKill: countByInstance(beforeKill),
      failed: failed.length,
      failedByStatus: failed.reduce<Record<string, number>>((acc, r) => ({ ...acc, [`${r.status} ${specs[r.index].method}`]: (acc[`${r.status} ${specs[r.index].method}`] ?? 0) + 1 }), {}),
      // A failed POST may still have committed (the answer was lost, not the write): the client cannot tell.
      failedButCommitted: failed.filter((r) => {
        const write = writes[r.index];
        return write.kind === 'favorite' ? favorited.has(`${write.uid}:${write.stationId}`) : requestRows.some((row) => row.name === write.name);
      }).length,
      lastFailureAfterKillMs: failedAt.length ? Math.max(...failedAt) : null,
      retriedByNginx: results.filter((r) => r.retried).length,
      committedWrites: results.filter(ok).length,
      lostWrites: lost.length,
      p99MsAfterSwitch: percentile(afterSwitch.map((r) => r.endedAt - r.startedAt), 99),
    });
  });
});

import { bearer, createBattlestation, createUser, type TestUser } from '../helpers/factories';
import { startCluster, type Cluster } from './helpers/cluster';
import { reportFigures } from './helpers/load';

const ROUNDS = 50;

let cluster: Cluster;
let owner: TestUser;
let fan: TestUser;
let stationId: number;

beforeAll(async () => {
  cluster = await startCluster({ label: 'cache', env: { RESPONSE_CACHE_ENTRIES: '2000', RESPONSE_CACHE_TTL_MS: '60000', RATE_LIMIT_FAVORITE_MAX: '1000000' } });
  owner = await createUser(cluster.control);
  fan = await createUser(cluster.control);
  stationId = (await createBattlestation(cluster.control, { owner })).battlestation_id;
});
afterAll(() => cluster?.stop());

const anonymousDetail = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/api/battlestations/id/${stationId}`);
  return { cache: response.headers.get('x-cache'), favorites: ((await response.json()) as { favorites: number }).favorites };
};

describe('response caches of two instances', () => {
  it('never answer with a count older than a write the client already saw confirmed by the other instance', async () => {
    let stale = 0;
    let hitsBeforeWrite = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      // B holds the public answer in memory…
      await anonymousDetail(cluster.b.url);
      if ((await anonymousDetail(cluster.b.url)).cache === 'hit') hitsBeforeWrite += 1;
      // …then A changes it, and the client asks B straight after A's answer.
      const action = round % 2 === 0 ? 'add' : 'remove';
      const write = await fetch(`${cluster.a.url}/api/battlestations/favorites/${stationId}`, {
        method: 'PUT',
        headers: { ...bearer(fan), 'content-type': 'application/json' },
        body: JSON.stringify({ action }),
      });
      expect(write.status).toBe(200);
      const { favorites } = (await write.json()) as { favorites: number };
      if ((await anonymousDetail(cluster.b.url)).favorites !== favorites) stale += 1;
    }
    expect(hitsBeforeWrite).toBe(ROUNDS);
    expect(stale).toBe(0);
    reportFigures('response cache across instances', { rounds: ROUNDS, hitsBeforeWrite, staleReadsAfterWrite: stale });
  });
});

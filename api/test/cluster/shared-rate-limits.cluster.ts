import { TOO_MANY_REQUESTS } from '@battledeck/shared/contract';
import { startCluster, type Cluster } from './helpers/cluster';
import { call, reportFigures } from './helpers/load';

const SIGN_UP_MAX = 3;

let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster({ label: 'limits', env: { RATE_LIMIT_SIGN_UP_MAX: String(SIGN_UP_MAX), RATE_LIMIT_SIGN_UP_WINDOW_MS: '60000' } });
});
afterAll(() => cluster?.stop());

/** A sign-up that fails validation: it still counts against the limit and creates nothing. */
function badSignUp(baseUrl: string, client: string) {
  return call<{ message: string }>(0, {
    url: `${baseUrl}/api/users/`,
    method: 'POST',
    // The instances trust loopback proxies, so this names the client as a load balancer would.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ username: 'x' }),
  });
}

describe('rate limits counted in Redis across instances', () => {
  it('enforce on instance B a limit a client used up on instance A', async () => {
    const client = '198.51.100.7';
    for (let i = 0; i < SIGN_UP_MAX; i += 1) expect((await badSignUp(cluster.a.url, client)).status).toBe(400);
    const onB = await badSignUp(cluster.b.url, client);
    expect(onB.status).toBe(429);
    expect(onB.body).toEqual({ message: TOO_MANY_REQUESTS });
    // Another client on B is not limited: the count is per client, shared by the instances.
    expect((await badSignUp(cluster.b.url, '198.51.100.8')).status).toBe(400);
  });

  it('hold the limit for calls spread over both instances by nginx', async () => {
    const client = '198.51.100.9';
    const results = [];
    for (let i = 0; i < SIGN_UP_MAX + 3; i += 1) results.push(await badSignUp(cluster.nginx.url, client));
    expect(new Set(results.map((r) => r.servedBy)).size).toBe(2);
    expect(results.map((r) => r.status)).toEqual([...Array(SIGN_UP_MAX).fill(400), 429, 429, 429]);
    reportFigures('shared rate limit', { limit: SIGN_UP_MAX, statuses: results.map((r) => `${r.status}@${r.servedBy}`) });
  });
});

import { generateKeyPairSync } from 'node:crypto';
import { KEY_REFRESH_COOLDOWN_MS, remoteKeySource } from '../src/auth/token-verifier';

/** Google's key set as the token verifier fetches it, from a fake fetch that counts its calls. */
function keyServer() {
  const jwk = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }), kid: 'current' };
  const server = { fetches: 0 };
  const fetchImpl = (async () => {
    server.fetches += 1;
    return new Response(JSON.stringify({ keys: [jwk] }), { headers: { 'cache-control': 'public, max-age=3600' } });
  }) as typeof fetch;
  return { server, fetchImpl };
}

describe("the token verifier's key source", () => {
  it('fetches the keys again for an unknown key id at most once per cooldown, however many tokens name one', async () => {
    const { server, fetchImpl } = keyServer();
    let clock = 1_000_000;
    const keys = remoteKeySource('https://keys.example/jwks', fetchImpl, () => clock);
    expect(await keys.get('current')).toBeDefined();
    expect(server.fetches).toBe(1);
    // Made-up key ids, as anyone may send: no request to the key server while the keys are fresh.
    for (let i = 0; i < 20; i++) expect(await keys.get(`made-up-${i}`, true)).toBeUndefined();
    expect(server.fetches).toBe(1);
    clock += KEY_REFRESH_COOLDOWN_MS;
    await Promise.all(Array.from({ length: 20 }, (_, i) => keys.get(`rotated-${i}`, true)));
    expect(server.fetches).toBe(2);
    // Past the keys' max-age they are fetched again without being asked.
    clock += 3600_000;
    expect(await keys.get('current')).toBeDefined();
    expect(server.fetches).toBe(3);
  });
});

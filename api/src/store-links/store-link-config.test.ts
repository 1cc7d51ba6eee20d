import { ConfigError, loadConfig } from '../config';

describe('store-link check configuration', () => {
  it('keeps the schedule off in tests and on (15 minutes) otherwise, unless configured', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).storeLinkCheck.intervalMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'development' }).storeLinkCheck.intervalMs).toBe(15 * 60_000);
    expect(loadConfig({ NODE_ENV: 'test', STORE_LINK_CHECK_INTERVAL_MS: '5000' }).storeLinkCheck.intervalMs).toBe(5000);
  });

  it('allows no loopback target unless the test-only allowance is set', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.storeLinkCheck.allowedAddresses).toEqual([]);
    expect(config.imageImport.allowedAddresses).toEqual([]);
    const allowed = loadConfig({ NODE_ENV: 'test', OUTBOUND_ALLOW_LOOPBACK: 'true' });
    expect(allowed.storeLinkCheck.allowedAddresses).toEqual(['127.0.0.1', '::1']);
    expect(allowed.imageImport.allowedAddresses).toEqual(['127.0.0.1', '::1']);
  });

  it('refuses the loopback allowance in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', OUTBOUND_ALLOW_LOOPBACK: 'true', FIREBASE_AUTH_EMULATOR_HOST: '' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', OUTBOUND_ALLOW_LOOPBACK: 'true', FIREBASE_AUTH_EMULATOR_HOST: '' })).toThrow(/OUTBOUND_ALLOW_LOOPBACK/);
  });

  it('names a bad setting', () => {
    expect(() => loadConfig({ STORE_LINK_CONCURRENCY: '0' })).toThrow('STORE_LINK_CONCURRENCY must be at least 1.');
  });
});

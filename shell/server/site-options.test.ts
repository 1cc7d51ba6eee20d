import path from 'node:path';
import { ROOT } from './bundles';
import { siteListenHost, siteOptionsFromEnv } from './site-options';

const where = { port: 8080, apiOrigin: 'http://10.0.0.5:80', authEmulatorUrl: 'http://127.0.0.1:9099' };

describe('site server settings from the environment', () => {
  it('default to the demo project, the local Auth emulator, images under /images and the committed remotes file', () => {
    const options = siteOptionsFromEnv({}, where);
    expect(options.apiOrigin).toBe('http://10.0.0.5:80');
    expect(options.remotesFile).toBe(path.join(ROOT, 'shell', 'public', 'remotes.json'));
    expect(options.clientConfig).toEqual({
      firebase: { apiKey: 'demo-api-key', authDomain: 'demo-battledeck.firebaseapp.com', projectId: 'demo-battledeck' },
      authEmulatorUrl: 'http://127.0.0.1:9099',
      imageBaseUrl: '/images',
    });
  });

  it('use a real Firebase project, an image CDN and a deploy remotes file when configured, never sending the emulator', () => {
    const options = siteOptionsFromEnv(
      {
        FIREBASE_API_KEY: 'AIza-real',
        FIREBASE_AUTH_DOMAIN: 'battledeck.firebaseapp.com',
        FIREBASE_PROJECT_ID: 'battledeck-prod',
        IMAGE_BASE_URL: 'https://img.example.com',
        REMOTES_FILE: '/srv/battledeck/remotes.json',
      },
      where,
    );
    expect(options.remotesFile).toBe('/srv/battledeck/remotes.json');
    expect(options.clientConfig).toEqual({
      firebase: { apiKey: 'AIza-real', authDomain: 'battledeck.firebaseapp.com', projectId: 'battledeck-prod' },
      authEmulatorUrl: undefined,
      imageBaseUrl: 'https://img.example.com',
    });
  });

  it('serve every remote from its plain build and from its releases folder', () => {
    const options = siteOptionsFromEnv({}, where);
    expect(options.remoteDirs['mf-parts']).toBe(path.join(ROOT, 'mf-parts', 'dist'));
    expect(options.remoteReleaseDirs?.['mf-parts']).toBe(path.join(ROOT, 'mf-parts', 'releases'));
    expect(Object.keys(options.remoteDirs).sort()).toEqual(['mf-admin', 'mf-battlestations', 'mf-parts', 'mf-profile']);
  });

  it('read the server-rendering numbers, each a whole number with its least value, and refuse a typo at start', () => {
    const defaults = siteOptionsFromEnv({}, where);
    expect([defaults.maxRendersInFlight, defaults.pageCacheMs]).toEqual([16, 1000]);
    const set = siteOptionsFromEnv({ SERVER_RENDER_MAX_IN_FLIGHT: '4', SERVER_RENDER_CACHE_MS: '0' }, where);
    expect([set.maxRendersInFlight, set.pageCacheMs]).toEqual([4, 0]);
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(() => siteOptionsFromEnv({ SERVER_RENDER_MAX_IN_FLIGHT: value }, where)).toThrow(`SERVER_RENDER_MAX_IN_FLIGHT must be a whole number of at least 1, not "${value}".`);
    }
    // Before, Number('1s') made the kept pages' time NaN: nothing was ever kept, silently.
    expect(() => siteOptionsFromEnv({ SERVER_RENDER_CACHE_MS: '1s' }, where)).toThrow('SERVER_RENDER_CACHE_MS must be a whole number of at least 0, not "1s".');
    expect(() => siteOptionsFromEnv({ SERVER_RENDER_BUDGET_MS: '0' }, where)).toThrow('SERVER_RENDER_BUDGET_MS must be a whole number of at least 1');
  });
});

// Issue 15 finding 3: `npm start` listened on 0.0.0.0 in Auth-emulator mode, where tokens are unsigned.
describe('where the site listens', () => {
  it('is loopback by default with the Auth emulator, every interface by default with a real Firebase project', () => {
    expect(siteListenHost({})).toBe('127.0.0.1');
    expect(siteListenHost({ FIREBASE_API_KEY: 'AIza-real' })).toBe('0.0.0.0');
  });

  it.each(['0.0.0.0', '::', '10.0.0.7', 'battledeck.example.com'])('refuses %s with the Auth emulator unless loudly allowed', (host) => {
    expect(() => siteListenHost({ HOST: host })).toThrow(/anyone who can reach this site could sign in as any user/);
    expect(() => siteListenHost({ HOST: host, BATTLEDECK_UNSAFE_EMULATOR_ON_NETWORK: '1' })).toThrow();
    expect(siteListenHost({ HOST: host, BATTLEDECK_UNSAFE_EMULATOR_ON_NETWORK: 'yes' })).toBe(host);
    expect(siteListenHost({ HOST: host, FIREBASE_API_KEY: 'AIza-real' })).toBe(host);
  });

  it("treats npm start's API as the judge: a browser key does not make the emulator's unsigned tokens safe", () => {
    // FIREBASE_API_KEY without NODE_ENV=production: the API in this process still trusts the emulator.
    expect(siteListenHost({ FIREBASE_API_KEY: 'AIza-real' }, { apiUsesEmulator: true })).toBe('127.0.0.1');
    expect(() => siteListenHost({ FIREBASE_API_KEY: 'AIza-real', HOST: '0.0.0.0' }, { apiUsesEmulator: true })).toThrow(/could sign in as any user/);
    expect(siteListenHost({ FIREBASE_API_KEY: 'AIza-real', HOST: '0.0.0.0' }, { apiUsesEmulator: false })).toBe('0.0.0.0');
  });

  it.each(['127.0.0.1', '::1', 'localhost'])('accepts loopback %s with the Auth emulator', (host) => {
    expect(siteListenHost({ HOST: host })).toBe(host);
  });
});

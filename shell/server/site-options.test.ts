import path from 'node:path';
import { ROOT } from './bundles';
import { siteOptionsFromEnv } from './site-options';

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
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createSiteServer, type SiteServer } from './site-server';

const VERSION = '20260301T101502Z-1a2b3c4d';

let root: string;
let server: SiteServer;
let base: string;
let remotesFile: string;

function write(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'bd-site-releases-'));
  write(path.join(root, 'shell/dist/index.html'), '<!doctype html><title>Battledeck</title>');
  write(path.join(root, 'mf-parts/dist/mf-manifest.json'), '{"build":"dist"}');
  write(path.join(root, 'mf-parts/releases', VERSION, 'mf-manifest.json'), '{"build":"release"}');
  write(path.join(root, 'mf-parts/releases', VERSION, 'remoteEntry.0badc0de.js'), 'self.release = 1;');
  write(path.join(root, 'secret.txt'), 'not for the web');
  remotesFile = path.join(root, 'remotes.json');
  write(remotesFile, JSON.stringify({ mf_parts: '/remotes/mf-parts/mf-manifest.json' }));
  server = await createSiteServer({
    port: 0,
    apiOrigin: 'http://127.0.0.1:9',
    publicOrigin: 'https://deck.example',
    shellDir: path.join(root, 'shell/dist'),
    publicDir: path.join(root, 'shell/public'),
    remoteDirs: { 'mf-parts': path.join(root, 'mf-parts/dist') },
    remoteReleaseDirs: { 'mf-parts': path.join(root, 'mf-parts/releases') },
    remotesFile,
    clientConfig: {},
  });
  // A free port: this test never collides with a running site.
  await server.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('site server: remote releases', () => {
  it('serves a release manifest with no-cache, so a switch shows on the next load', async () => {
    const response = await fetch(`${base}/remotes/mf-parts/releases/${VERSION}/mf-manifest.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ build: 'release' });
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it("serves a release's hashed files as immutable", async () => {
    const response = await fetch(`${base}/remotes/mf-parts/releases/${VERSION}/remoteEntry.0badc0de.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('self.release = 1;');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keeps serving the plain build beside the releases', async () => {
    const response = await fetch(`${base}/remotes/mf-parts/mf-manifest.json`);
    expect(await response.json()).toEqual({ build: 'dist' });
  });

  it('answers 404 for an unknown release, an unknown remote and paths out of the release folder', async () => {
    for (const url of [
      `/remotes/mf-parts/releases/20990101T000000Z-00000000/mf-manifest.json`,
      `/remotes/mf-admin/releases/${VERSION}/mf-manifest.json`,
      `/remotes/mf-parts/releases/${VERSION}/..%2F..%2F..%2Fsecret.txt`,
      `/remotes/mf-parts/releases/..%2F..%2Fsecret.txt/x`,
    ]) {
      expect([url, (await fetch(`${base}${url}`)).status]).toEqual([url, 404]);
    }
  });

  it('serves the current remotes file, re-read after a release rewrites it', async () => {
    expect(await (await fetch(`${base}/remotes.json`)).json()).toEqual({ mf_parts: '/remotes/mf-parts/mf-manifest.json' });
    const released = { mf_parts: `https://cdn.example.com/remotes/mf-parts/releases/${VERSION}/mf-manifest.json` };
    writeFileSync(remotesFile, JSON.stringify(released));
    // What a path holds on disk is looked up at most every 200 ms (site-server.ts fileState).
    await new Promise((resolve) => setTimeout(resolve, 250));
    const response = await fetch(`${base}/parts`);
    expect(await (await fetch(`${base}/remotes.json`)).json()).toEqual(released);
    // The page may now load scripts from the CDN that serves the release.
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'self' https://cdn.example.com/remotes/mf-parts/releases/${VERSION}/;`);
  });
});

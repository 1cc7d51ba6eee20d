import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createSiteServer, type SiteServerOptions } from './site-server';

/** A site running in a test, in front of a stand-in API. */
export interface SiteWithStandInApi {
  /** The site's address, http://127.0.0.1:port. */
  base: string;
  close(): Promise<void>;
}

/**
 * For tests of the site's own routes that read the API (the embed card, the sitemap): an empty shell build, a
 * stand-in API answering with `handle`, and the site in front of it, both on loopback ports.
 */
export async function startSiteWithStandInApi(handle: http.RequestListener, options: Partial<SiteServerOptions> = {}): Promise<SiteWithStandInApi> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bd-site-'));
  mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
  writeFileSync(path.join(root, 'shell/dist/index.html'), '<!doctype html><title>Battledeck</title>');
  writeFileSync(path.join(root, 'remotes.json'), '{}');
  const api = http.createServer(handle);
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const site = await createSiteServer({
    port: 0,
    apiOrigin: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    publicOrigin: 'https://deck.example',
    shellDir: path.join(root, 'shell/dist'),
    publicDir: path.join(root, 'shell/public'),
    remoteDirs: {},
    remotesFile: path.join(root, 'remotes.json'),
    clientConfig: {},
    ...options,
  });
  await site.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`,
    async close() {
      await site.close();
      await new Promise((resolve) => api.close(resolve));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

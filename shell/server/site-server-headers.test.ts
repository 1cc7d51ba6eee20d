import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createSiteServer, type SiteServer, type SiteServerOptions } from './site-server';

/**
 * Issue 7 part 6, the site's side: the site server's pages and files carry a CSP that allows this origin
 * and the remotes listed in remotes.json (read at run time) and nothing else, nosniff, no framing, a strict
 * Referrer-Policy, and HSTS only when the request came over https.
 */
const REMOTE_ORIGIN = 'https://cdn.remotes.example:8443';

let root: string;
let remotesFile: string;
let server: SiteServer;
let base: string;

function write(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

async function writeRemotes(remotes: Record<string, string>) {
  write(remotesFile, JSON.stringify(remotes));
  // The server notices a deploy by the file's mtime; make sure it moves even within one clock tick.
  const later = new Date(Date.now() + Math.floor(Math.random() * 100_000) + 1000);
  utimesSync(remotesFile, later, later);
  // It looks at the file at most every 200 ms (site-server.ts fileState).
  await new Promise((resolve) => setTimeout(resolve, 250));
}

function siteOptions(overrides: Partial<SiteServerOptions> = {}): SiteServerOptions {
  return {
    port: 0,
    apiOrigin: 'http://127.0.0.1:9',
    publicOrigin: 'https://deck.example',
    shellDir: path.join(root, 'shell/dist'),
    publicDir: path.join(root, 'shell/public'),
    remoteDirs: { 'mf-parts': path.join(root, 'mf-parts/dist') },
    remotesFile,
    clientConfig: { imageBaseUrl: '/images', authEmulatorUrl: 'http://127.0.0.1:9099' },
    ...overrides,
  };
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'bd-site-headers-'));
  write(path.join(root, 'shell/dist/index.html'), '<!doctype html><title>Battledeck</title>');
  write(path.join(root, 'shell/dist/main.0badc0de.js'), 'self.main = 1;');
  write(path.join(root, 'mf-parts/dist/mf-manifest.json'), '{}');
  remotesFile = path.join(root, 'remotes.json');
  await writeRemotes({ mf_parts: '/remotes/mf-parts/mf-manifest.json', mf_admin: `${REMOTE_ORIGIN}/mf-admin/mf-manifest.json` });
  server = await createSiteServer(siteOptions());
  // A free port: this test never collides with a running site.
  await server.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

function directives(csp: string | null): Record<string, string[]> {
  return Object.fromEntries((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));
}

describe.each([
  ['a page', '/battlestations/12', 200],
  ['the shell script', '/main.0badc0de.js', 200],
  ['a remote file', '/remotes/mf-parts/mf-manifest.json', 200],
  ['config.js', '/config.js', 200],
  ['a missing file', '/missing.js', 404],
])('%s', (_kind, url, status) => {
  it('allows scripts from this origin and the listed remotes only, forbids framing and sniffing, and sends no HSTS over http', async () => {
    const res = await fetch(`${base}${url}`);
    expect(res.status).toBe(status);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'", `${REMOTE_ORIGIN}/mf-admin/`]);
    expect(csp['connect-src']).toEqual(["'self'", `${REMOTE_ORIGIN}/mf-admin/`, 'http://127.0.0.1:9099']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    // No other host, no wildcard, no inline or eval'd scripts.
    const hosts = Object.values(csp).flat().filter((source) => /^(\*|https?:|[a-z]+:\/\/)/.test(source));
    expect([...new Set(hosts)].sort()).toEqual(['http://127.0.0.1:9099', `${REMOTE_ORIGIN}/mf-admin/`].sort());
    expect(csp['script-src'].filter((s) => s.startsWith("'unsafe"))).toEqual([]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

it('sends HSTS when the TLS-terminating proxy says the request came over https', async () => {
  // The client here is on loopback, which the site trusts as a proxy by default (TRUST_PROXY).
  const res = await fetch(`${base}/`, { headers: { 'x-forwarded-proto': 'https' } });
  expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
});

it('believes X-Forwarded-Proto from a trusted proxy only: any client saying https gets no HSTS', async () => {
  const untrusting = await createSiteServer(siteOptions({ trustProxy: 'false' }));
  await untrusting.listen({ port: 0, host: '127.0.0.1' });
  try {
    const url = `http://127.0.0.1:${(untrusting.server.address() as AddressInfo).port}`;
    for (const target of ['/', '/main.0badc0de.js']) {
      const res = await fetch(`${url}${target}`, { headers: { 'x-forwarded-proto': 'https' } });
      expect({ target, hsts: res.headers.get('strict-transport-security') }).toEqual({ target, hsts: null });
    }
  } finally {
    await untrusting.close();
  }
});

it('follows remotes.json: a remote moved to a new origin is allowed, the old origin no longer', async () => {
  await writeRemotes({ mf_parts: '/remotes/mf-parts/mf-manifest.json', mf_admin: 'https://new-cdn.remotes.example/mf-admin/mf-manifest.json' });
  try {
    const csp = directives((await fetch(`${base}/`)).headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'", 'https://new-cdn.remotes.example/mf-admin/']);
  } finally {
    await writeRemotes({ mf_parts: '/remotes/mf-parts/mf-manifest.json', mf_admin: `${REMOTE_ORIGIN}/mf-admin/mf-manifest.json` });
  }
});

it("allows a remote's folder only, not the rest of its origin, and a URL cannot add directives", async () => {
  await writeRemotes({
    mf_parts: 'https://cdn.shared.example/battledeck/mf-parts/releases/7/mf-manifest.json?v=7',
    mf_admin: 'https://cdn.shared.example/a;script-src *,x/mf-manifest.json',
  });
  try {
    const csp = directives((await fetch(`${base}/`)).headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'", 'https://cdn.shared.example/battledeck/mf-parts/releases/7/', 'https://cdn.shared.example/a%3Bscript-src%20*%2Cx/']);
    expect(Object.keys(csp).filter((name) => name === 'script-src')).toHaveLength(1);
  } finally {
    await writeRemotes({ mf_parts: '/remotes/mf-parts/mf-manifest.json', mf_admin: `${REMOTE_ORIGIN}/mf-admin/mf-manifest.json` });
  }
});

it('answers a malformed percent-encoding with 400 and keeps serving', async () => {
  for (const url of ['/%E0%A4%A', '/remotes/mf-parts/%ZZ', '/assets/%C0%AF']) {
    const res = await fetch(`${base}${url}`);
    expect({ url, status: res.status }).toEqual({ url, status: 400 });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  }
  expect((await fetch(`${base}/`)).status).toBe(200);
});

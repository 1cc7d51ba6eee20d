import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { activateRelease, contentHash, DIST, listReleases, manifestUrl, releaseVersion, SINGLETONS_FILE, timeStamp, versionOf } from './remote-releases';

const V1 = '20260301T101502Z-1a2b3c4d';
const V2 = '20260302T080000Z-5e6f7a8b';

let root: string;
let remotesFile: string;
const initial = {
  mf_battlestations: '/remotes/mf-battlestations/mf-manifest.json',
  mf_parts: '/remotes/mf-parts/mf-manifest.json',
  mf_profile: '/remotes/mf-profile/mf-manifest.json',
  mf_admin: '/remotes/mf-admin/mf-manifest.json',
};

function write(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** What the live shell's curated singletons hold, and what each build of mf-parts was built with. */
const SHELL_SINGLETONS = { antd: ['Button', 'Modal', 'Table'], '@ant-design/icons': ['HeartOutlined'] };
const singletons = (dir: string, list: Record<string, string[]>) => write(path.join(dir, SINGLETONS_FILE), JSON.stringify(list));

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'bd-releases-'));
  write(path.join(root, 'mf-parts/dist/mf-manifest.json'), '{}');
  singletons(path.join(root, 'mf-parts/dist'), SHELL_SINGLETONS);
  for (const v of [V1, V2]) {
    write(path.join(root, 'mf-parts/releases', v, 'mf-manifest.json'), '{}');
    singletons(path.join(root, 'mf-parts/releases', v), { antd: ['Button', 'Table'], '@ant-design/icons': ['HeartOutlined'] });
  }
  singletons(path.join(root, 'shell/dist'), SHELL_SINGLETONS);
  remotesFile = path.join(root, 'remotes.json');
  write(remotesFile, JSON.stringify(initial));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const remotes = () => JSON.parse(readFileSync(remotesFile, 'utf8')) as Record<string, string>;

describe('release versions', () => {
  it('are a UTC time stamp and the first 8 hex digits of the content hash', () => {
    const dir = path.join(root, 'mf-parts/releases', V1);
    const version = releaseVersion(dir, new Date('2026-03-04T05:06:07.890Z'));
    expect(version).toBe(`20260304T050607Z-${contentHash(dir).slice(0, 8)}`);
    expect(timeStamp(new Date('2026-12-31T23:59:59.999Z'))).toBe('20261231T235959Z');
  });

  it('hash names and bytes: the same files give the same hash, any change another', () => {
    const a = path.join(root, 'a');
    const b = path.join(root, 'b');
    write(path.join(a, 'x/main.js'), 'one');
    write(path.join(b, 'x/main.js'), 'one');
    expect(contentHash(a)).toBe(contentHash(b));
    write(path.join(b, 'x/main.js'), 'two');
    expect(contentHash(a)).not.toBe(contentHash(b));
    write(path.join(b, 'x/main.js'), 'one');
    write(path.join(b, 'x/extra.js'), '');
    expect(contentHash(a)).not.toBe(contentHash(b));
  });

  it('are listed oldest first, without half-built folders', () => {
    mkdirSync(path.join(root, 'mf-parts/releases/.staging-1-2'));
    expect(listReleases('mf-parts', root)).toEqual([V1, V2]);
  });
});

describe('activateRelease', () => {
  it("points one remote's entry at a release and leaves the others as they were", () => {
    const result = activateRelease({ remotesFile, folder: 'mf-parts', version: V2, root });
    expect(result).toEqual({ name: 'mf_parts', previous: initial.mf_parts, current: `/remotes/mf-parts/releases/${V2}/mf-manifest.json` });
    expect(remotes()).toEqual({ ...initial, mf_parts: result.current });
    // Written whole, in one rename: no temporary file is left beside it.
    expect(readdirSync(root).filter((f) => f.startsWith('remotes.json'))).toEqual(['remotes.json']);
  });

  it('rolls back by pointing the entry at the previous release, or at the plain build', () => {
    activateRelease({ remotesFile, folder: 'mf-parts', version: V1, root });
    const second = activateRelease({ remotesFile, folder: 'mf-parts', version: V2, root });
    expect(versionOf('mf-parts', second.previous)).toBe(V1);
    activateRelease({ remotesFile, folder: 'mf-parts', version: V1, root });
    expect(remotes().mf_parts).toBe(`/remotes/mf-parts/releases/${V1}/mf-manifest.json`);
    activateRelease({ remotesFile, folder: 'mf-parts', version: DIST, root });
    expect(remotes()).toEqual(initial);
  });

  it('prefixes a CDN base URL when remotes are served from one', () => {
    activateRelease({ remotesFile, folder: 'mf-parts', version: V1, root, baseUrl: 'https://cdn.example.com/' });
    expect(remotes().mf_parts).toBe(`https://cdn.example.com/remotes/mf-parts/releases/${V1}/mf-manifest.json`);
    expect(versionOf('mf-parts', remotes().mf_parts)).toBe(V1);
  });

  it('refuses an unknown remote, a malformed version and a release that was never built, changing nothing', () => {
    expect(() => activateRelease({ remotesFile, folder: 'mf-cart', version: V1, root })).toThrow('Unknown remote "mf-cart"');
    expect(() => activateRelease({ remotesFile, folder: 'mf-parts', version: '../../etc', root })).toThrow('is not a release version');
    expect(() => activateRelease({ remotesFile, folder: 'mf-parts', version: '20260303T000000Z-00000000', root })).toThrow(
      'No build of mf-parts at mf-parts/releases/20260303T000000Z-00000000: build it first.',
    );
    expect(remotes()).toEqual(initial);
  });
});

describe('activateRelease and the shared singletons', () => {
  it('refuses a release that uses a name the live shell’s subset lacks, naming it, and changes nothing', () => {
    singletons(path.join(root, 'mf-parts/releases', V2), { antd: ['Button', 'DatePicker'], '@ant-design/icons': ['HeartOutlined', 'StarOutlined'] });
    expect(() => activateRelease({ remotesFile, folder: 'mf-parts', version: V2, root })).toThrow(
      `mf-parts ${V2} uses shared antd DatePicker, @ant-design/icons StarOutlined, which the live shell does not provide. ` +
        'Build and deploy the shell first (npm run build): every remote gets these from the shell.',
    );
    expect(remotes()).toEqual(initial);
    // Once the shell provides them, the same release goes live.
    singletons(path.join(root, 'shell/dist'), { antd: ['Button', 'DatePicker', 'Table'], '@ant-design/icons': ['HeartOutlined', 'StarOutlined'] });
    expect(activateRelease({ remotesFile, folder: 'mf-parts', version: V2, root }).current).toContain(V2);
  });

  it('refuses a release built from a newer shared package, one of whose exports the live shell lacks', () => {
    singletons(path.join(root, 'shell/dist'), { ...SHELL_SINGLETONS, '@battledeck/shared/ui': ['Button', 'HeartIcon'] });
    singletons(path.join(root, 'mf-parts/releases', V2), { antd: ['Button'], '@battledeck/shared/ui': ['Button', 'HeartIcon', 'useEarlyClick'] });
    expect(() => activateRelease({ remotesFile, folder: 'mf-parts', version: V2, root })).toThrow(
      `mf-parts ${V2} uses shared @battledeck/shared/ui useEarlyClick, which the live shell does not provide.`,
    );
    expect(remotes()).toEqual(initial);
    // Once the shell provides it, the release goes live; an entry point the remote's build does not hold needs nothing.
    singletons(path.join(root, 'shell/dist'), { ...SHELL_SINGLETONS, '@battledeck/shared/ui': ['Button', 'HeartIcon', 'useEarlyClick'], '@battledeck/shared/api': [] });
    singletons(path.join(root, 'mf-parts/releases', V2), { antd: ['Button'], '@battledeck/shared/ui': ['Button', 'useEarlyClick'], '@battledeck/shared/format': [] });
    expect(activateRelease({ remotesFile, folder: 'mf-parts', version: V2, root }).current).toContain(V2);
  });

  it('refuses a release built with the shared package while the live shell was built before its file listed it', () => {
    singletons(path.join(root, 'mf-parts/releases', V2), { antd: ['Button'], '@battledeck/shared/ui': ['Button'] });
    expect(() => activateRelease({ remotesFile, folder: 'mf-parts', version: V2, root })).toThrow(
      `mf-parts ${V2} uses @battledeck/shared, which the live shell's singletons.json does not list (it was built before the list had it). Build and deploy the shell first (npm run build).`,
    );
    expect(remotes()).toEqual(initial);
  });

  it('refuses a build that does not list its singletons, or a shell that was never built', () => {
    rmSync(path.join(root, 'mf-parts/releases', V1, SINGLETONS_FILE));
    expect(() => activateRelease({ remotesFile, folder: 'mf-parts', version: V1, root })).toThrow(`mf-parts ${V1} has no singletons.json`);
    rmSync(path.join(root, 'shell/dist'), { recursive: true });
    expect(() => activateRelease({ remotesFile, folder: 'mf-parts', version: V2, root })).toThrow('build the shell first (npm run build)');
    expect(remotes()).toEqual(initial);
  });

  it('names the same file as the webpack factory that writes it', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(SINGLETONS_FILE).toBe((require('../../webpack.common.js') as { SINGLETONS_FILE: string }).SINGLETONS_FILE);
  });
});

describe('manifest URLs', () => {
  it('name the plain build or a release, and read back to the same version', () => {
    expect(manifestUrl('mf-admin', DIST)).toBe('/remotes/mf-admin/mf-manifest.json');
    expect(versionOf('mf-admin', manifestUrl('mf-admin', DIST))).toBe(DIST);
    expect(versionOf('mf-admin', manifestUrl('mf-admin', V1))).toBe(V1);
    expect(versionOf('mf-admin', 'https://elsewhere.example.com/admin.json')).toBeNull();
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type ConfigFactory = (env: unknown, argv: { mode: string }) => { plugins: unknown[] };
// The one webpack factory every bundle's config calls (a CommonJS file at the repository root).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createConfig } = require('../../webpack.common.js') as { createConfig: (options: Record<string, unknown>) => ConfigFactory };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const installedReact = (require('react/package.json') as { version: string }).version;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bd-remote-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A remote's production config for a package.json declaring `dependencies`. */
function configFor(dependencies: Record<string, string>) {
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'mf-trial', dependencies }));
  return createConfig({ dir, name: 'mf_trial', port: 0, exposes: { './App': './src/app.tsx' } })(undefined, { mode: 'production' });
}

describe('shared singletons in the webpack factory', () => {
  it('fail the build of a remote that declares another React than the one installed', () => {
    expect(installedReact).not.toBe('18.3.1');
    expect(() => configFor({ react: '18.3.1' })).toThrow(`${path.basename(dir)} declares react@18.3.1 but ${installedReact} is installed: singletons need one version.`);
  });

  it('fail it for a version range too: singletons are pinned to the exact installed version', () => {
    expect(() => configFor({ react: `^${installedReact}` })).toThrow(/singletons need one version/);
  });

  it('build a remote that declares exactly the installed versions', () => {
    expect(() => configFor({ react: installedReact, 'react-dom': installedReact })).not.toThrow();
  });

  it('accept every bundle of the repository as it is', () => {
    for (const bundle of ['shell', 'mf-battlestations', 'mf-parts', 'mf-profile', 'mf-admin']) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const factory = require(`../../${bundle}/webpack.config.js`) as ConfigFactory;
      expect(() => factory(undefined, { mode: 'production' })).not.toThrow();
    }
  });
});

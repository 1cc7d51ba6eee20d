import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Compiler, RuleSetRule, WebpackPluginInstance } from 'webpack';

type ConfigFactory = (env: unknown, argv: { mode: string }) => { plugins: unknown[] };
// The one webpack factory every bundle's config calls (a CommonJS file at the repository root).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createConfig, isSingletonRequest, SHARED_SUBSETS, SingletonsListPlugin, subsetExports, swcRule } = require('../../webpack.common.js') as {
  createConfig: (options: Record<string, unknown>) => ConfigFactory;
  isSingletonRequest: (request: string) => boolean;
  SHARED_SUBSETS: Record<string, string>;
  SingletonsListPlugin: new (shared: Record<string, unknown>) => { apply: (compiler: unknown) => void };
  subsetExports: (file: string) => { names: string[]; from: string }[];
  swcRule: (isDev: boolean) => unknown;
};
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

  it("serve development builds on loopback unless HOST says otherwise (their /api proxy reaches an API that may trust the emulator's unsigned tokens)", () => {
    const saved = process.env.HOST;
    delete process.env.HOST;
    try {
      for (const bundle of ['shell', 'mf-battlestations', 'mf-parts', 'mf-profile', 'mf-admin']) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const factory = require(`../../${bundle}/webpack.config.js`) as ConfigFactory;
        const configs = [factory(undefined, { mode: 'development' })].flat() as { devServer?: { host?: string } }[];
        const hosts = configs.filter((config) => config.devServer).map((config) => config.devServer!.host);
        expect({ bundle, hosts }).toEqual({ bundle, hosts: ['127.0.0.1'] });
      }
      // A loopback name is 127.0.0.1 too (the shell's proxy reaches the remotes there); another address is kept.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const shell = require('../../shell/webpack.config.js') as ConfigFactory;
      const hostOf = (host: string) => {
        process.env.HOST = host;
        return ([shell(undefined, { mode: 'development' })].flat() as { devServer?: { host?: string } }[]).find((config) => config.devServer)!.devServer!.host;
      };
      expect(['localhost', '::1', '127.0.0.2', '10.0.0.5'].map(hostOf)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '10.0.0.5']);
      delete process.env.HOST;
    } finally {
      if (saved !== undefined) process.env.HOST = saved;
    }
  });
});

const ROOT = path.join(__dirname, '../..');

/**
 * Every TypeScript source file the browser build compiles: tests, test helpers and the shell's prerender
 * and server render entries (built for Node without federation) import the real packages, not the subsets.
 */
function browserSources(): string[] {
  return ['shell', 'mf-battlestations', 'mf-parts', 'mf-profile', 'mf-admin', 'shared'].flatMap((bundle) =>
    readdirSync(path.join(ROOT, bundle, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|(^|\/)testing(\/|\.tsx?$)|^prerender\.tsx$|^ssr\//.test(file))
      .map((file) => path.join(ROOT, bundle, 'src', file)),
  );
}

/** Names a file imports as values from `pkg` (type-only imports need nothing at run time). */
function valueImports(source: string, pkg: string): string[] {
  const names: string[] = [];
  const escaped = pkg.replace(/[/@.-]/g, (c) => `\\${c}`);
  for (const match of source.matchAll(new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${escaped}'`, 'g'))) {
    if (match[1]) continue;
    for (const item of match[2]!.split(',').map((part) => part.trim())) {
      if (item && !item.startsWith('type ')) names.push(item.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

describe('singletons provided as a curated subset', () => {
  it.each(Object.entries(SHARED_SUBSETS))('%s: every name the bundles import is in its subset, and each resolves', (pkg, subsetFile) => {
    const statements = subsetExports(subsetFile);
    const provided = new Set(statements.flatMap((statement) => statement.names));
    for (const { from } of statements) {
      expect(() => require.resolve(from, { paths: [ROOT] })).not.toThrow();
    }
    const missing = new Set<string>();
    let used = 0;
    for (const file of browserSources()) {
      for (const name of valueImports(readFileSync(file, 'utf8'), pkg)) {
        used += 1;
        if (!provided.has(name)) missing.add(`${name} (${path.relative(ROOT, file)})`);
      }
    }
    expect(used).toBeGreaterThan(5);
    expect([...missing]).toEqual([]);
  });
});

/** A bundle's shared modules, as the factory configures them. */
function sharedOf(bundle: string): Record<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const factory = require(`../../${bundle}/webpack.config.js`) as ConfigFactory;
  const plugins = factory(undefined, { mode: 'production' }).plugins as { constructor: { name: string }; _options?: Record<string, unknown> }[];
  return plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin')!._options!.shared as Record<string, unknown>;
}

describe('the zod-free contract', () => {
  it('is no singleton: each bundle, browser and server build, keeps its own tree-shaken copy', () => {
    expect(Object.keys(sharedOf('mf-parts'))).not.toContain('@battledeck/shared/plain-contract');
    expect(Object.keys(sharedOf('mf-parts'))).toContain('@battledeck/shared/contract');
    expect(isSingletonRequest('@battledeck/shared/plain-contract')).toBe(false);
    expect(isSingletonRequest('@battledeck/shared/contract')).toBe(true);
  });
});

describe('singletons.json', () => {
  it("lists what each shared entry point of @battledeck/shared exports in the build, so release:remote can refuse a remote that needs a name the live shell's build lacks", async () => {
    // The plugin alone on a plain build of one entry point (webpack's own module graph, export * included).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const webpack = require('webpack') as (options: object) => Compiler;
    const compiler = webpack({
      mode: 'production',
      context: path.join(__dirname, '../..'),
      entry: require.resolve('@battledeck/shared/format'),
      output: { path: dir },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: { rules: [swcRule(false) as RuleSetRule] },
      plugins: [new SingletonsListPlugin({ '@battledeck/shared/format': {}, '@battledeck/shared/session': {}, react: {} }) as WebpackPluginInstance],
      optimization: { minimize: false },
    });
    await new Promise<void>((resolve, reject) => compiler.run((error, stats) => (error || stats?.hasErrors() ? reject(error ?? new Error(stats?.toString())) : resolve())));
    await new Promise((resolve) => compiler.close(resolve));
    const list = JSON.parse(readFileSync(path.join(dir, 'singletons.json'), 'utf8')) as Record<string, string[]>;
    // An entry point the build does not hold is listed empty: a missing key means a build from before the lists.
    expect(Object.keys(list).sort()).toEqual(['@battledeck/shared/format', '@battledeck/shared/session']);
    expect(list['@battledeck/shared/session']).toEqual([]);
    // Names re-exported through `export *` from the entry's modules, sorted; types are no names.
    expect(list['@battledeck/shared/format']).not.toContain('TimeZoneChoice');
    expect(list['@battledeck/shared/format']).toEqual(expect.arrayContaining(['BRAND', 'absoluteDate']));
    expect(list['@battledeck/shared/format']).toEqual([...list['@battledeck/shared/format']!].sort());
  });
});

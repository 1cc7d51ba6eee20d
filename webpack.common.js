// One webpack factory for the shell and every remote: TSX through swc, CSS modules, Module Federation
// with the site's singletons, content-hashed production output with an mf-manifest.json.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { DefinePlugin, optimize } = require('webpack');

const ROOT = __dirname;
const API_ORIGIN = `http://127.0.0.1:${process.env.API_PORT || 8081}`;
/** Dev server port of each remote (`npm run dev`). */
const REMOTE_DEV_PORTS = [
  ['mf-battlestations', 3001],
  ['mf-parts', 3002],
  ['mf-profile', 3003],
  ['mf-admin', 3004],
];

/** Shared once across the site; each bundle shares those it depends on (firebase: the shell only). */
const SINGLETON_PACKAGES = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'zustand',
  'antd',
  '@ant-design/icons',
  'firebase',
  '@battledeck/shared',
];
/**
 * Entry points of the shared package every bundle keeps its own, tree-shaken copy of: stateless values
 * the public pages need (a shared module is never tree-shaken, and the full contract brings zod along), and
 * the remotes' standalone mount for development, which the shell never provides. Bundled into the server
 * builds too, so a remote release needs nothing new from the live shell.
 */
const UNSHARED_ENTRY_POINTS = ['@battledeck/shared/plain-contract', '@battledeck/shared/next-task', '@battledeck/shared/standalone'];

/** Entry points of those packages that code imports directly. */
const SHARED_ENTRY_POINTS = {
  react: ['react', 'react/jsx-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  zustand: ['zustand', 'zustand/vanilla'],
  firebase: ['firebase/app', 'firebase/auth'],
  '@battledeck/shared': Object.keys(readJson(path.join(ROOT, 'shared/package.json')).exports)
    .filter((subpath) => !/\.(json|css)$/.test(subpath) && subpath !== './testing')
    .map((subpath) => `@battledeck/shared/${subpath.slice(2)}`)
    .filter((entry) => !UNSHARED_ENTRY_POINTS.includes(entry)),
};

/**
 * Singletons provided as a curated module rather than the whole package: a shared module is never
 * tree-shaken, so these would otherwise ship every component, icon and router API to each page.
 */
const SHARED_SUBSETS = {
  antd: path.join(ROOT, 'shared/src/singletons/antd.ts'),
  '@ant-design/icons': path.join(ROOT, 'shared/src/singletons/icons.ts'),
  'react-router-dom': path.join(ROOT, 'shared/src/singletons/react-router-dom.ts'),
};

/** The names a subset module re-exports, from its `export { a, default as B } from 'module';` statements. */
function subsetExports(file) {
  return [...fs.readFileSync(file, 'utf8').matchAll(/^export \{([^}]*)\} from '([^']+)';$/gm)].map(([, list, from]) => ({
    from,
    names: list
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => item.split(/\s+as\s+/).pop()),
  }));
}

/** Name of the file each build writes with the names its curated singletons hold (see SingletonsListPlugin). */
const SINGLETONS_FILE = 'singletons.json';

/**
 * react-router 7's package exports point every condition at its development build (its own stop-gap, still
 * there in 7.18): warnings, checks and their strings on every page. Production browser builds take the
 * production build beside it, which has the same API.
 */
const REACT_ROUTER_PRODUCTION = path.join(path.dirname(require.resolve('react-router')), '..', 'production', 'index.mjs');

/**
 * Writes singletons.json: for each curated singleton the bundle shares, the names its subset holds, and for
 * each entry point of `@battledeck/shared` it shares, the names that entry exports in this build. The shell
 * registers its singletons first, so the shell's are the ones every remote gets; release:remote reads both
 * files and refuses a remote release that needs a name the live shell does not provide (a remote built from
 * a newer shared package would find a new export undefined in the browser).
 */
class SingletonsListPlugin {
  /** @param {Record<string, unknown>} shared the bundle's shared config (sharedConfig) */
  constructor(shared) {
    this.list = Object.fromEntries(
      Object.entries(SHARED_SUBSETS)
        .filter(([pkg]) => pkg in shared)
        .map(([pkg, file]) => [pkg, subsetExports(file).flatMap((statement) => statement.names).sort()]),
    );
    /** The shared package's entry points this bundle shares, by the file each resolves to. */
    this.sharedEntries = new Map(
      Object.keys(shared)
        .filter((entry) => entry.startsWith('@battledeck/shared/'))
        .map((entry) => [require.resolve(entry, { paths: [ROOT] }), entry]),
    );
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('SingletonsListPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SingletonsListPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        // Every shared entry point is listed, [] for one this build does not hold, so that a missing key means a
        // build from before these lists.
        const list = { ...this.list, ...Object.fromEntries([...this.sharedEntries.values()].map((entry) => [entry, []])) };
        for (const built of compilation.modules) {
          // A module concatenated with its imports is listed as the concatenation: its root is the entry.
          const module = built.rootModule ?? built;
          const entry = module.resource && this.sharedEntries.get(module.resource);
          if (!entry) continue;
          const names = compilation.moduleGraph.getExportsInfo(module).getProvidedExports();
          // Unknown exports (CommonJS) cannot be compared: say so rather than list nothing.
          if (!Array.isArray(names)) throw new Error(`SingletonsListPlugin: cannot tell what ${entry} exports.`);
          list[entry] = [...names].sort();
        }
        compilation.emitAsset(SINGLETONS_FILE, new RawSource(`${JSON.stringify(list, null, 2)}\n`));
      });
    });
  }
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function installedVersion(pkg) {
  return readJson(require.resolve(`${pkg}/package.json`, { paths: [ROOT] })).version;
}

/** A singleton whose declared version differs from the one installed is a build error, not a browser warning. */
function sharedConfig(dir) {
  const deps = readJson(path.join(dir, 'package.json')).dependencies || {};
  const shared = {};
  for (const pkg of SINGLETON_PACKAGES.filter((name) => name in deps)) {
    const version = installedVersion(pkg);
    if (deps[pkg] !== version) {
      throw new Error(`${path.basename(dir)} declares ${pkg}@${deps[pkg]} but ${version} is installed: singletons need one version.`);
    }
    for (const entry of SHARED_ENTRY_POINTS[pkg] || [pkg]) {
      shared[entry] = { singleton: true, strictVersion: true, requiredVersion: version, version, ...(SHARED_SUBSETS[entry] ? { import: SHARED_SUBSETS[entry] } : {}) };
    }
  }
  return shared;
}

function swcRule(isDev) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: isDev, refresh: false } },
          target: 'es2020',
        },
      },
    },
  };
}

/** CSS-module class names: the same in the browser build and the home page's prerender build. */
const CSS_MODULES = { namedExport: false, exportLocalsConvention: 'as-is', localIdentName: '[local]_[hash:base64:6]' };

function cssRules() {
  return [
    {
      test: /\.module\.css$/,
      use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { modules: CSS_MODULES } }],
    },
    { test: /\.css$/, exclude: /\.module\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
  ];
}

/** What a remote's server build lists its entry file in, beside the entry (the site server reads it). */
const SERVER_MANIFEST = 'ssr-manifest.json';

/** Writes ssr-manifest.json ({ entry }) once the entry's content-hashed name is known. */
class ServerManifestPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ServerManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ServerManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const entry = [...compilation.entrypoints.get('server').getEntrypointChunk().files].find((file) => file.endsWith('.js'));
        compilation.emitAsset(SERVER_MANIFEST, new RawSource(`${JSON.stringify({ entry })}\n`));
      });
    });
  }
}

/** Requests a server build leaves to the site server: the singletons, which the host hands in (ADR 012). */
function isSingletonRequest(request) {
  if (UNSHARED_ENTRY_POINTS.includes(request)) return false;
  return SINGLETON_PACKAGES.some((pkg) => request === pkg || request.startsWith(`${pkg}/`));
}

/**
 * A remote's server build (`webpack --env server`, ADR 012): `src/server.tsx` for Node as one CommonJS file
 * in `dist/server/`, the singletons left as `require()`s that the site server answers with its own
 * instances (one React, one QueryClient, one shared package), CSS modules as class names only (the same
 * names as the browser build's), and the release's build label.
 */
function serverConfig({ dir, serverEntry }) {
  return {
    mode: 'production',
    target: 'node',
    context: dir,
    entry: { server: serverEntry },
    devtool: false,
    output: { path: path.join(dir, 'dist', 'server'), filename: '[name].[contenthash:8].js', library: { type: 'commonjs2' }, clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    externals: [({ request }, callback) => (isSingletonRequest(request) ? callback(null, `commonjs ${request}`) : callback())],
    module: {
      rules: [
        swcRule(false),
        { test: /\.module\.css$/, use: [{ loader: 'css-loader', options: { modules: { ...CSS_MODULES, exportOnlyLocals: true } } }] },
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'asset/source' },
        { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      new DefinePlugin({ __BATTLEDECK_BUILD_LABEL__: JSON.stringify(process.env.BATTLEDECK_BUILD_LABEL || '') }),
      // One file: the pages' lazy chunks are part of it (the server has nothing to gain from splitting).
      new optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new ServerManifestPlugin(),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * @param {object} options
 * @param {string} options.dir         the bundle's folder
 * @param {string} options.name        federation name (mf_parts, shell, …)
 * @param {number} options.port        dev server port
 * @param {Record<string,string>} [options.exposes]  remotes only
 * @param {boolean} [options.isHost]
 * @param {string} [options.serverEntry]  remotes that render their pages on the server (`--env server`)
 */
function createConfig({ dir, name, port, exposes, isHost = false, serverEntry }) {
  return (env, argv) => {
    if (env?.server) {
      if (!serverEntry) throw new Error(`${name} has no server build`);
      return serverConfig({ dir, serverEntry });
    }
    const isDev = argv.mode !== 'production';
    const hashed = isDev ? '[name]' : '[name].[contenthash:8]';
    const shared = sharedConfig(dir);
    return {
      mode: isDev ? 'development' : 'production',
      context: dir,
      entry: { main: './src/index.ts' },
      // Production maps are build artefacts only: no sourceMappingURL in the files, and the site never serves them.
      devtool: isDev ? 'eval-cheap-module-source-map' : 'hidden-source-map',
      output: {
        path: path.join(dir, 'dist'),
        filename: `${hashed}.js`,
        chunkFilename: `${hashed}.js`,
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: isDev ? {} : { 'react-router$': REACT_ROUTER_PRODUCTION } },
      module: {
        rules: [
          swcRule(isDev),
          ...cssRules(),
          { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(exposes ? { filename: isDev ? 'remoteEntry.js' : 'remoteEntry.[contenthash:8].js', exposes } : {}),
          remotes: {},
          shared,
          shareStrategy: 'loaded-first',
          // A page's shared modules load in slices, not in one long task (ADR 012).
          runtimePlugins: [path.join(ROOT, 'shared/src/federation/yield-between-shares.ts')],
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          // Browser-only builds; remotes load no other remotes, so they leave the remote-loading code out.
          experiments: {
            optimization: { target: 'web', ...(exposes ? { disableRemote: true, disableSnapshot: true } : {}) },
            // One copy of the federation runtime core on a page: the remotes' production builds use the
            // shell's (shell/src/remotes/provide-runtime-core.ts); a standalone dev remote keeps its own.
            ...(exposes && !isDev ? { externalRuntime: true } : {}),
          },
        }),
        new MiniCssExtractPlugin({ filename: `${hashed}.css`, chunkFilename: `${hashed}.css` }),
        new SingletonsListPlugin(shared),
        // Which build this is (`npm run build:remote` sets it per release), so a deploy can be checked in the page.
        new DefinePlugin({ __BATTLEDECK_BUILD_LABEL__: JSON.stringify(process.env.BATTLEDECK_BUILD_LABEL || '') }),
        // The shell's page always; a remote's only in dev, where it mounts itself standalone.
        ...(isHost || isDev
          ? [new HtmlWebpackPlugin({ template: path.join(isHost ? dir : path.join(ROOT, 'shell'), 'public/index.html'), title: 'Battledeck' })]
          : []),
      ],
      optimization: {
        minimizer: [
          new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, extractComments: false }),
          // The CSS too: server-rendered pages inline it into every answer (ADR 012).
          new MinimizerPlugin({ test: /\.css$/i, minify: MinimizerPlugin.esbuildMinifyCss }),
        ],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        // Loopback unless told otherwise: /api goes on to an API that, with the Auth emulator, trusts unsigned
        // tokens (npm run dev passes the HOST it checked; webpack-dev-server's default is every interface).
        // A loopback name (localhost, ::1) is 127.0.0.1 too: the shell's proxy reaches the remotes' servers there.
        host: process.env.HOST && !/^(localhost|::1|\[::1\]|127(\.\d{1,3}){3})$/i.test(process.env.HOST) ? process.env.HOST : '127.0.0.1',
        hot: false,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: isHost ? [{ directory: path.join(dir, 'public'), publicPath: '/' }] : [],
        proxy: [
          { context: ['/api', '/images'], target: API_ORIGIN },
          // The shell's dev server reaches each remote's dev server where the built site has its folder.
          ...(isHost
            ? REMOTE_DEV_PORTS.map(([folder, remotePort]) => ({
                context: [`/remotes/${folder}`],
                target: `http://127.0.0.1:${remotePort}`,
                pathRewrite: { [`^/remotes/${folder}`]: '' },
              }))
            : []),
        ],
      },
    };
  };
}

module.exports = { createConfig, swcRule, CSS_MODULES, SERVER_MANIFEST, isSingletonRequest, SINGLETON_PACKAGES, SHARED_SUBSETS, SINGLETONS_FILE, SingletonsListPlugin, subsetExports };

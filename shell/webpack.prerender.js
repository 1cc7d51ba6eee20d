// The shell compiled for Node (no federation): render.js, the server render of the public pages that the
// site server loads (ADR 012), and prerender.js, run once after the browser build to write dist/home.html
// (the home page the site serves when the server render is unavailable).
const path = require('node:path');
const { swcRule, CSS_MODULES } = require('../webpack.common');

module.exports = {
  mode: 'production',
  target: 'node',
  context: __dirname,
  entry: { prerender: './src/prerender.tsx', render: './src/ssr/render.tsx' },
  output: { path: path.join(__dirname, 'dist-ssr'), filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  // npm packages load from node_modules at run time; our TypeScript (the shell and @battledeck/shared) is compiled.
  externals: [({ request }, callback) => (/^[a-z@]/.test(request) && !request.startsWith('@battledeck/') ? callback(null, `commonjs ${request}`) : callback())],
  module: {
    rules: [
      swcRule(false),
      { test: /\.module\.css$/, use: [{ loader: 'css-loader', options: { modules: { ...CSS_MODULES, exportOnlyLocals: true } } }] },
      { test: /\.css$/, exclude: /\.module\.css$/, type: 'asset/source' },
    ],
  },
  optimization: { minimize: false },
  stats: 'errors-warnings',
};

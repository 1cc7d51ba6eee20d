const { createConfig } = require('../webpack.common');

module.exports = createConfig({ dir: __dirname, name: 'mf_parts', port: 3002, exposes: { './App': './src/app.tsx' }, serverEntry: './src/server.tsx' });

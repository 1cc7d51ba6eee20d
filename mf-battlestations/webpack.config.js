const { createConfig } = require('../webpack.common');

module.exports = createConfig({ dir: __dirname, name: 'mf_battlestations', port: 3001, exposes: { './App': './src/app.tsx' }, serverEntry: './src/server.tsx' });

const { createConfig } = require('../webpack.common');

module.exports = createConfig({ dir: __dirname, name: 'mf_profile', port: 3003, exposes: { './App': './src/app.tsx' } });

const { createConfig } = require('../webpack.common');

module.exports = createConfig({ dir: __dirname, name: 'mf_admin', port: 3004, exposes: { './App': './src/app.tsx' } });

const { createConfig } = require('../webpack.common');

module.exports = createConfig({ dir: __dirname, name: 'shell', port: 8080, isHost: true });

// `npm run test:cluster` (Jest part): API instances as separate processes behind nginx, on the local
// PostgreSQL, Redis, s3rver and the shared Auth emulator. One file at a time: every file starts its own
// cluster on the same ports (8700-8703).
const path = require('node:path');

const API = path.resolve(__dirname, '../..');

module.exports = {
  rootDir: API,
  displayName: 'api cluster',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/cluster/**/*.cluster.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 180_000,
};

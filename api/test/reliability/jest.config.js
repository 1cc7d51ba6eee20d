// `npm run test:reliability`: faults that take minutes (a PostgreSQL server restarted under load, SIGTERM
// draining uploads, an unreachable identity service). Real processes on ports 8640-8659 and throwaway
// PostgreSQL clusters on 55432-55439; one file at a time, so the timings measured are not skewed by each other.
const path = require('node:path');

const API = path.resolve(__dirname, '../..');

module.exports = {
  rootDir: API,
  displayName: 'reliability',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/reliability/**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // Apps built in process (buildTestApp) use a PGlite clone; the fault tests start their own PostgreSQL.
  setupFiles: ['<rootDir>/test/setup/engine-pglite.ts'],
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 180_000,
};

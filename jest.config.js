// One Jest run for every workspace: front-end packages in jsdom, the API against real database engines.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const base = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/../shared/src/testing/css-module-stub.js',
    // @ant-design/icons' CommonJS build requires the ES build of @ant-design/colors; Jest needs its CommonJS twin.
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
  },
};

const frontEnd = (name) => ({
  ...base,
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: '<rootDir>/../shared/src/testing/jsdom-environment.js',
  setupFilesAfterEnv: ['<rootDir>/../shared/src/testing/setup-dom.ts'],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
});

const api = (engine) => ({
  ...base,
  displayName: `api (${engine})`,
  rootDir: '<rootDir>/api',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/{src,test}/**/*.test.ts'],
  // Minutes-long fault tests run in `npm run test:reliability` (api/test/reliability/jest.config.js);
  // test/postgres-only holds what only a PostgreSQL server has.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/reliability/', ...(engine === 'pglite' ? ['<rootDir>/test/postgres-only/'] : [])],
  setupFiles: [`<rootDir>/test/setup/engine-${engine}.ts`],
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
});

module.exports = {
  // `npm test` runs this beside the browser suite (shell/server/run-tests.ts): on the loaded 2-core machine an
  // API test that builds two apps and signs users up has taken 30-40 s; a hung test still fails.
  testTimeout: 90_000,
  // Jest's default on 2 cores is one worker. An API test file spends about half its time waiting (the Auth
  // emulator, the database), so three workers keep both cores busy where two left them idle.
  maxWorkers: 3,
  projects: [
    {
      ...base,
      displayName: 'shared',
      rootDir: '<rootDir>/shared',
      testEnvironment: '<rootDir>/../shared/src/testing/jsdom-environment.js',
      setupFilesAfterEnv: ['<rootDir>/src/testing/setup-dom.ts'],
      testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    },
    frontEnd('shell'),
    // The site server and release tooling (shell/server) and the shared webpack factory run in Node.
    { ...base, displayName: 'shell server', rootDir: '<rootDir>/shell', testEnvironment: 'node', testMatch: ['<rootDir>/server/**/*.test.ts'] },
    frontEnd('mf-battlestations'),
    frontEnd('mf-parts'),
    frontEnd('mf-profile'),
    frontEnd('mf-admin'),
    api('pglite'),
    // The same suite again on a PostgreSQL server when one is configured: `npm run test:api:postgres`, part of
    // `npm run test:reliability` (CI sets DATABASE_URL); `npm test` runs the embedded engine.
    ...(process.env.DATABASE_URL ? [api('postgres')] : []),
  ],
};

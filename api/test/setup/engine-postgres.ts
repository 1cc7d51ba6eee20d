// Jest setupFiles of the "api (postgres)" project: test apps run on a fresh database on the DATABASE_URL server.

if (!process.env.DATABASE_URL) throw new Error('The "api (postgres)" project needs DATABASE_URL (postgres://…).');
process.env.BATTLEDECK_TEST_ENGINE = 'postgres';

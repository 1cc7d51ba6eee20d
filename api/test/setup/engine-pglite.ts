// Jest setupFiles of the "api (pglite)" project: test apps run on a fresh embedded PGlite each.

process.env.BATTLEDECK_TEST_ENGINE = 'pglite';

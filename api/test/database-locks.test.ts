import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/**
 * The cluster-wide locks of start-up work (migrations, seeding, the photo backfills): withLock waits its turn,
 * withLockIfFree gives way at once to an instance holding the lock (test/postgres-only/advisory-locks.test.ts).
 * On a PostgreSQL server they are advisory locks; PGlite has one process, whose work takes turns in a queue per name.
 */
describe('database locks', () => {
  it('runs the work when the lock is free, and answers its result', async () => {
    expect(await t.app.database.withLockIfFree('battledeck:test-free', async () => 'done')).toBe('done');
    expect(await t.app.database.withLock('battledeck:test-free', async () => 'done again')).toBe('done again');
  });

  it('holds work under one name only: another name goes on meanwhile', async () => {
    let release!: () => void;
    const holding = t.app.database.withLock('battledeck:test-one', () => new Promise<void>((resolve) => (release = resolve)));
    while (!release) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await t.app.database.withLock('battledeck:test-other', async () => 'went on')).toBe('went on');
    release();
    await holding;
  });
});

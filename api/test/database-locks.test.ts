import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { testEngine } from './helpers/test-database';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/**
 * The cluster-wide locks of start-up work (migrations, seeding, the photo backfills): withLock waits its turn,
 * withLockIfFree gives way at once to an instance holding the lock. On a PostgreSQL server they are advisory
 * locks held by other sessions; PGlite has one process, whose work takes turns in a queue.
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

  (testEngine() === 'postgres' ? it : it.skip)('gives way at once while another session holds the lock, and runs once it is released', async () => {
    let release!: () => void;
    const holding = t.app.database.withLock('battledeck:test-held', () => new Promise<void>((resolve) => (release = resolve)));
    // The holder's session has the lock once its work started.
    while (!release) await new Promise((resolve) => setTimeout(resolve, 10));
    let ran = false;
    expect(await t.app.database.withLockIfFree('battledeck:test-held', async () => (ran = true))).toBeUndefined();
    expect(ran).toBe(false);
    release();
    await holding;
    expect(await t.app.database.withLockIfFree('battledeck:test-held', async () => (ran = true))).toBe(true);
  });
});

import { buildTestApp, type TestApp } from '../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** On a server, withLockIfFree gives way to another session's advisory lock (PGlite has no other session). */
it('gives way at once while another session holds the lock, and runs once it is released', async () => {
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

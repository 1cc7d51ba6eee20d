import { sql } from 'drizzle-orm';
import { thumbnailName } from '@battledeck/shared/contract';
import { signInWithPassword } from '../src/dev/auth-emulator';
import { insertPartRequests } from '../src/repositories/catalogue-repository';
import { findUserById } from '../src/repositories/users-repository';
import { imageKey } from '../src/storage/storage';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createPart, createUser, type TestUser } from './helpers/factories';
import { rows } from './helpers/sql-rows';

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, moderator] = await Promise.all([createUser(t.app, { is_admin: true }), createUser(t.app, { is_moderator: true })]);
});
afterAll(() => t?.close());

const del = (uid: string, caller?: { token: string }) =>
  t.app.inject({ method: 'DELETE', url: `/api/users/${uid}`, headers: caller ? bearer(caller) : {} });

/** Until a statement of this database waits for a row lock (the deletion at the admin rows), at most 15 s. */
async function waitForLockWait(): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    const [row] = await rows<{ waiting: number }>(t.app.db, sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (row.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the deletion never waited for the admin rows');
}

async function identityExists(uid: string): Promise<boolean> {
  return t.app.firebaseAuth.getUser(uid).then(
    () => true,
    () => false,
  );
}

/** Writes the photo and thumbnail files the factory only names. */
async function writePhotoFiles(names: string[]): Promise<string[]> {
  const keys = names.flatMap((name) => [imageKey('battlestations', name), imageKey('battlestations', thumbnailName(name))]);
  await Promise.all(keys.map((key) => t.app.storage.put(key, Buffer.from('not really a photo'), 'image/jpeg')));
  return keys;
}

async function existingFiles(keys: string[]): Promise<string[]> {
  const found = await Promise.all(keys.map(async (key) => ((await t.app.storage.exists(key)) ? key : null)));
  return found.filter((key): key is string => key !== null);
}

async function rowsOf(uid: string) {
  const [counts] = await rows<Record<string, number>>(
    t.app.db,
    sql`SELECT
      (SELECT count(*)::int FROM users WHERE user_id = ${uid}) AS users,
      (SELECT count(*)::int FROM battlestations WHERE user_id = ${uid}) AS battlestations,
      (SELECT count(*)::int FROM battlestation_images i JOIN battlestations b USING (battlestation_id) WHERE b.user_id = ${uid}) AS images,
      (SELECT count(*)::int FROM battlestation_parts p JOIN battlestations b USING (battlestation_id) WHERE b.user_id = ${uid}) AS parts,
      (SELECT count(*)::int FROM favorites WHERE user_id = ${uid}) AS favorites,
      (SELECT count(*)::int FROM part_requests WHERE user_id = ${uid}) AS part_requests`,
  );
  return counts;
}

/** Every denormalised counter equals a recount of the rows it summarises. */
async function driftedCounters() {
  return rows(
    t.app.db,
    sql`SELECT 'station' AS kind, b.battlestation_id AS id FROM battlestations b
        WHERE b.favorites <> (SELECT count(*) FROM favorites f WHERE f.battlestation_id = b.battlestation_id)
      UNION ALL
      SELECT 'part', p.part_id FROM parts p
        WHERE p.battlestation_count <> (SELECT count(*) FROM battlestation_parts bp
          JOIN battlestations b ON b.battlestation_id = bp.battlestation_id AND b.is_public WHERE bp.part_id = p.part_id)`,
  );
}

const favoritesOf = async (id: number) =>
  (await rows<{ favorites: number }>(t.app.db, sql`SELECT favorites FROM battlestations WHERE battlestation_id = ${id}`))[0].favorites;
const partCount = async (id: number) =>
  (await rows<{ n: number }>(t.app.db, sql`SELECT battlestation_count AS n FROM parts WHERE part_id = ${id}`))[0].n;

/** A user with public and private stations (photos on disk), favorites given and received, and a part request. */
async function userWithEverything() {
  const [user, fan, neighbour] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
  const [shared, onlyPrivate] = await Promise.all([createPart(t.app), createPart(t.app)]);
  const publicStation = await createBattlestation(t.app, { owner: user, images: 2, parts: [shared], favoritedBy: [fan, user] });
  const privateStation = await createBattlestation(t.app, { owner: user, is_public: false, images: 1, parts: [onlyPrivate, shared] });
  const neighbours = await createBattlestation(t.app, { owner: neighbour, parts: [shared], favoritedBy: [user, fan] });
  const imageNames = (await rows<{ image: string }>(
    t.app.db,
    sql`SELECT image FROM battlestation_images WHERE battlestation_id IN (${publicStation.battlestation_id}, ${privateStation.battlestation_id})`,
  )).map((r) => r.image);
  const files = await writePhotoFiles(imageNames);
  await insertPartRequests(t.app.db, [{ name: 'A missing part', url: 'https://example.com/part', user_id: user.uid }]);
  return { user, fan, neighbour, shared, onlyPrivate, publicStation, privateStation, neighbours, files };
}

describe('DELETE /api/users/:id', () => {
  it('removes the identity, the profile, the stations with their files, and the favorites, fixing the counters', async () => {
    const w = await userWithEverything();
    expect(await favoritesOf(w.neighbours.battlestation_id)).toBe(2);
    expect(await partCount(w.shared.part_id)).toBe(2);
    expect(await existingFiles(w.files)).toHaveLength(6);

    const res = await del(w.user.uid, w.user);

    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await rowsOf(w.user.uid)).toEqual({ users: 0, battlestations: 0, images: 0, parts: 0, favorites: 0, part_requests: 0 });
    expect(await existingFiles(w.files)).toEqual([]);
    expect(await identityExists(w.user.uid)).toBe(false);
    // Others' counters drop at once (decision 15): the neighbour's favorites, the parts' public station counts.
    expect(await favoritesOf(w.neighbours.battlestation_id)).toBe(1);
    expect(await partCount(w.shared.part_id)).toBe(1);
    expect(await partCount(w.onlyPrivate.part_id)).toBe(0);
    expect(await driftedCounters()).toEqual([]);
    // The fan's favorite of the deleted station is gone; the part request stays for review, anonymised.
    const fanFavorites = await t.app.inject({ method: 'GET', url: `/api/users/${w.fan.uid}/favorites`, headers: bearer(w.fan) });
    expect(fanFavorites.json().map((s: { battlestation_id: number }) => s.battlestation_id)).toEqual([w.neighbours.battlestation_id]);
    expect(await rows(t.app.db, sql`SELECT 1 FROM part_requests WHERE name = 'A missing part' AND user_id IS NULL`)).toHaveLength(1);
  });

  it('ends the session and the sign-in of the deleted account', async () => {
    const user = await createUser(t.app);
    expect((await del(user.uid, user)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${user.uid}`, headers: bearer(user) })).statusCode).toBe(401);
    await expect(signInWithPassword(user.email, user.password)).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND|INVALID/);
  });

  it("refuses other users (moderators included) with 403 and visitors with 401, touching nothing", async () => {
    const [user, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    for (const caller of [other, moderator]) {
      const res = await del(user.uid, caller);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
    }
    expect((await del(user.uid)).statusCode).toBe(401);
    expect(await findUserById(t.app.db, user.uid)).toBeDefined();
    expect(await identityExists(user.uid)).toBe(true);
  });

  it('lets an admin delete a user, and says when there is no such user', async () => {
    const w = await userWithEverything();
    expect((await del(w.user.uid, admin)).statusCode).toBe(204);
    expect(await rowsOf(w.user.uid)).toMatchObject({ users: 0, battlestations: 0, favorites: 0 });
    expect(await existingFiles(w.files)).toEqual([]);
    const missing = await del('no-such-user', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found.' });
  });

  it('refuses an admin whose admin role was taken while the deletion waited for the admin rows', async () => {
    const [demoted, victim] = await Promise.all([createUser(t.app, { is_admin: true }), createUser(t.app)]);
    let answer: Awaited<ReturnType<typeof del>> | undefined;
    // Another admin's role change holds the rows (on PostgreSQL: PGlite runs one transaction at a time, so
    // there the deletion starts after the change and its sign-in check already refuses it).
    let pending: Promise<unknown> = Promise.resolve();
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE users SET is_admin = false WHERE user_id = ${demoted.uid}`);
      pending = del(victim.uid, demoted).then((res) => (answer = res));
      if (t.app.database.engine === 'postgres') await waitForLockWait();
      else await new Promise((resolve) => setTimeout(resolve, 200));
      expect(answer).toBeUndefined();
    });
    await pending;
    expect(answer?.statusCode).toBe(403);
    expect(await findUserById(t.app.db, victim.uid)).toBeDefined();
  });

  it('keeps the last administrator, and lets an administrator go while another remains', async () => {
    // This file's other admin exists, so make this one the only one for the first check.
    const solo = await buildTestApp();
    try {
      const only = await createUser(solo.app, { is_admin: true });
      const refused = await solo.app.inject({ method: 'DELETE', url: `/api/users/${only.uid}`, headers: bearer(only) });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: 'This is the only administrator account. Make another user an administrator before deleting it.' });
      expect(await findUserById(solo.app.db, only.uid)).toBeDefined();
    } finally {
      await solo.close();
    }
    const second = await createUser(t.app, { is_admin: true });
    expect((await del(second.uid, second)).statusCode).toBe(204);
  });

  it('changes nothing when the identity provider refuses to delete the identity', async () => {
    const w = await userWithEverything();
    const spy = jest.spyOn(t.app.firebaseAuth, 'deleteUser').mockRejectedValueOnce(Object.assign(new Error('identity service down'), { code: 'auth/internal-error' }));
    try {
      const res = await del(w.user.uid, w.user);
      expect(res.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await rowsOf(w.user.uid)).toEqual({ users: 1, battlestations: 2, images: 3, parts: 3, favorites: 2, part_requests: 1 });
    expect(await existingFiles(w.files)).toHaveLength(6);
    expect(await favoritesOf(w.neighbours.battlestation_id)).toBe(2);
    expect(await identityExists(w.user.uid)).toBe(true);
    // The user can simply try again.
    expect((await del(w.user.uid, w.user)).statusCode).toBe(204);
    expect(await rowsOf(w.user.uid)).toMatchObject({ users: 0, battlestations: 0 });
  });

  it('can be finished by an admin if the commit fails after the identity is gone', async () => {
    await t.app.db.execute(sql`CREATE FUNCTION refuse_commit_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF OLD.username LIKE 'nocommit%' THEN RAISE EXCEPTION 'simulated commit failure'; END IF; RETURN NULL; END $$`);
    await t.app.db.execute(sql`CREATE CONSTRAINT TRIGGER refuse_commit_delete AFTER DELETE ON users
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_commit_delete()`);
    const user = await createUser(t.app, { username: `nocommit_${Date.now()}` });
    const station = await createBattlestation(t.app, { owner: user });

    expect((await del(user.uid, user)).statusCode).toBe(500);
    // Nothing of the database part happened; the identity is gone, so nobody can use the account.
    expect(await rowsOf(user.uid)).toMatchObject({ users: 1, battlestations: 1 });
    expect(await identityExists(user.uid)).toBe(false);

    await t.app.db.execute(sql`DROP TRIGGER refuse_commit_delete ON users`);
    expect((await del(user.uid, admin)).statusCode).toBe(204);
    expect(await rowsOf(user.uid)).toMatchObject({ users: 0, battlestations: 0 });
    expect(await rows(t.app.db, sql`SELECT 1 FROM battlestations WHERE battlestation_id = ${station.battlestation_id}`)).toEqual([]);
  });
});

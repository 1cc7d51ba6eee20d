import { eq, sql } from 'drizzle-orm';
import { parts as partsTable } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { counterMismatches } from './helpers/counters';
import { bearer, createBattlestation, createPart, createUser, type TestUser } from './helpers/factories';
import { rows } from './helpers/sql-rows';
import { multipart, photo, storedStationFiles, testJpeg } from './helpers/upload';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  [owner, stranger, admin, moderator] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app, { is_admin: true }),
    createUser(t.app, { is_moderator: true }),
  ]);
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await counterMismatches(t.app)).toEqual([]);
});

const remove = (id: number, user: TestUser | null) =>
  t.app.inject({ method: 'DELETE', url: `/api/battlestations/id/${id}`, headers: user ? bearer(user) : {} });

const countRows = async (table: string, id: number) =>
  Number(
    (await rows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE battlestation_id = ${id}`))[0].n,
  );

describe('DELETE /api/battlestations/id/{id}', () => {
  it('removes the station, its photos (rows and files), part links and favorites; part counts drop', async () => {
    const part = await createPart(t.app);
    const body = multipart({ name: 'Doomed', added_parts: [part.part_id] }, [photo(await testJpeg(1)), photo(await testJpeg(2))]);
    const created = await t.app.inject({ method: 'POST', url: '/api/battlestations/', headers: { ...body.headers, ...bearer(owner) }, payload: body.payload });
    const id = created.json<{ newId: number }>().newId;
    await t.app.inject({ method: 'PUT', url: `/api/battlestations/favorites/${id}`, headers: bearer(stranger), payload: { action: 'add' } });
    const filesBefore = await storedStationFiles(t.config.imagesDir);
    expect(filesBefore).toHaveLength(4);

    const res = await remove(id, owner);
    expect(res.statusCode).toBe(204);
    for (const table of ['battlestations', 'battlestation_images', 'battlestation_parts', 'favorites']) expect(await countRows(table, id)).toBe(0);
    expect(await storedStationFiles(t.config.imagesDir)).toEqual([]);
    const [count] = await t.app.db.select({ c: partsTable.battlestation_count }).from(partsTable).where(eq(partsTable.part_id, part.part_id));
    expect(count.c).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}` })).statusCode).toBe(404);
    expect((await remove(id, owner)).statusCode).toBe(404);
  });

  it('401 without a token, 403 for someone else, 404 for someone else’s private station', async () => {
    const open = await createBattlestation(t.app, { owner });
    const hidden = await createBattlestation(t.app, { owner, is_public: false });
    expect((await remove(open.battlestation_id, null)).statusCode).toBe(401);
    expect((await remove(open.battlestation_id, stranger)).statusCode).toBe(403);
    expect((await remove(hidden.battlestation_id, stranger)).statusCode).toBe(404);
    expect(await countRows('battlestations', open.battlestation_id)).toBe(1);
    expect(await countRows('battlestations', hidden.battlestation_id)).toBe(1);
  });

  it('lets admins and moderators delete any station', async () => {
    const first = await createBattlestation(t.app, { owner, is_public: false });
    const second = await createBattlestation(t.app, { owner });
    expect((await remove(first.battlestation_id, admin)).statusCode).toBe(204);
    expect((await remove(second.battlestation_id, moderator)).statusCode).toBe(204);
  });
});

import { inArray, like } from 'drizzle-orm';
import { BATTLESTATION_MESSAGES } from '@battledeck/shared/contract';
import { battlestation_parts, battlestations } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { counterMismatches } from './helpers/counters';
import { bearer, createBattlestation, createPart, createPartType, createUser, type TestUser } from './helpers/factories';
import { multipart, photo, testJpeg } from './helpers/upload';

/**
 * Writers that share parts at the same moment. On a PostgreSQL server (the "api (postgres)" project) each
 * request runs on its own connection: a part row share-locked by one transaction and then locked for its
 * counter by two at once used to deadlock, and one of the writers got a 500.
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await counterMismatches(t.app)).toEqual([]);
});

const WRITERS = 8;

describe('concurrent battlestation writes sharing parts', () => {
  it('creates every station when several are saved at once with the same parts', async () => {
    const parts = await Promise.all([createPart(t.app), createPart(t.app)]);
    const jpeg = await testJpeg(1);
    const answers = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => {
        // Both orders, so two writers never take the same parts in the same order by luck.
        const ids = parts.map((p) => p.part_id);
        const body = multipart({ name: `Together ${i}`, added_parts: i % 2 ? ids : [...ids].reverse() }, [photo(jpeg, `p${i}.jpg`)]);
        return t.app.inject({ method: 'POST', url: '/api/battlestations/', headers: { ...body.headers, ...bearer(owner) }, payload: body.payload });
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(WRITERS).fill(201));
  });

  it('updates every station when several add and drop the same parts at once', async () => {
    const [shared, other] = await Promise.all([createPart(t.app), createPart(t.app)]);
    const stations = [];
    for (let i = 0; i < WRITERS; i++) stations.push(await createBattlestation(t.app, { owner, parts: [other] }));
    const answers = await Promise.all(
      stations.map((station, i) => {
        const fields = i % 2 ? { added_parts: [shared.part_id] } : { added_parts: [shared.part_id], is_public: false };
        const body = multipart(fields);
        return t.app.inject({
          method: 'PUT',
          url: `/api/battlestations/id/${station.battlestation_id}`,
          headers: { ...body.headers, ...bearer(owner) },
          payload: body.payload,
        });
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(WRITERS).fill(200));
  });

  it('merges two parts while stations listing both are saved: each save lands whole or is refused cleanly', async () => {
    const admin = await createUser(t.app, { is_admin: true });
    const type = await createPartType(t.app);
    const [merged, kept] = await Promise.all([createPart(t.app, { type }), createPart(t.app, { type })]);
    const jpeg = await testJpeg(1);
    const saves = Array.from({ length: WRITERS }, (_, i) => {
      const ids = i % 2 ? [merged.part_id, kept.part_id] : [kept.part_id, merged.part_id];
      const body = multipart({ name: `Merging ${i}`, added_parts: ids, is_public: i % 3 !== 0 }, [photo(jpeg, `m${i}.jpg`)]);
      return t.app.inject({ method: 'POST', url: '/api/battlestations/', headers: { ...body.headers, ...bearer(owner) }, payload: body.payload });
    });
    const merge = t.app.inject({ method: 'POST', url: `/api/parts/${merged.part_id}/merge`, headers: bearer(admin), payload: { into: kept.part_id } });
    const [mergeAnswer, ...answers] = await Promise.all([merge, ...saves]);
    expect(mergeAnswer.statusCode).toBe(200);
    // A save that came before the merge is moved by it; one after it names a part that is gone (400, nothing written).
    for (const answer of answers) expect([201, 400]).toContain(answer.statusCode);
    const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json<{ newId: number }>().newId);
    const links = await t.app.db
      .select({ part_id: battlestation_parts.part_id })
      .from(battlestation_parts)
      .where(inArray(battlestation_parts.battlestation_id, created.length > 0 ? created : [-1]));
    expect(links).toEqual(created.map(() => ({ part_id: kept.part_id })));
    const refused = answers.filter((a) => a.statusCode === 400);
    expect(await t.app.db.$count(battlestations, like(battlestations.name, 'Merging %'))).toBe(created.length);
    for (const answer of refused) expect(answer.json<{ message: string }>().message).toBe(BATTLESTATION_MESSAGES.unknownParts);
  });

  it('merges two parts while edits add the merged one and drop the kept one', async () => {
    const admin = await createUser(t.app, { is_admin: true });
    const type = await createPartType(t.app);
    // The kept part first, so its id is the lower: an edit that locked the parts it adds before those it
    // drops crossed the merge's id order.
    const kept = await createPart(t.app, { type });
    const merged = await createPart(t.app, { type });
    const other = await createPart(t.app);
    const stations = [];
    for (let i = 0; i < WRITERS; i++) stations.push(await createBattlestation(t.app, { owner, parts: [kept, other] }));
    const edits = stations.map((station) => {
      const body = multipart({ added_parts: [merged.part_id], removed_parts: [kept.part_id] });
      return t.app.inject({ method: 'PUT', url: `/api/battlestations/id/${station.battlestation_id}`, headers: { ...body.headers, ...bearer(owner) }, payload: body.payload });
    });
    const merge = t.app.inject({ method: 'POST', url: `/api/parts/${merged.part_id}/merge`, headers: bearer(admin), payload: { into: kept.part_id } });
    const [mergeAnswer, ...answers] = await Promise.all([merge, ...edits]);
    expect(mergeAnswer.statusCode).toBe(200);
    for (const answer of answers) expect([200, 400]).toContain(answer.statusCode);
  });

  it("deletes an account while others edit the stations it favorited, with the parts its own stations list", async () => {
    const leaving = await createUser(t.app);
    const [popular, other] = await Promise.all([createPart(t.app), createPart(t.app)]);
    await createBattlestation(t.app, { owner: leaving, parts: [popular] });
    const stations = [];
    for (let i = 0; i < WRITERS; i++) stations.push(await createBattlestation(t.app, { owner, parts: [other], favoritedBy: [leaving] }));
    const edits = stations.map((station) => {
      const body = multipart({ added_parts: [popular.part_id] });
      return t.app.inject({ method: 'PUT', url: `/api/battlestations/id/${station.battlestation_id}`, headers: { ...body.headers, ...bearer(owner) }, payload: body.payload });
    });
    const leave = t.app.inject({ method: 'DELETE', url: `/api/users/${leaving.uid}`, headers: bearer(leaving) });
    const [leaveAnswer, ...answers] = await Promise.all([leave, ...edits]);
    expect(leaveAnswer.statusCode).toBe(204);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(WRITERS).fill(200));
  });
});

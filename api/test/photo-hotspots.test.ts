import { HOTSPOT_MESSAGES, HOTSPOTS_PER_PHOTO_MAX } from '@battledeck/shared/contract';
import { eq } from 'drizzle-orm';
import { battlestation_images, photo_hotspots } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { counterMismatches } from './helpers/counters';
import { uniqueSuffix } from './helpers/emulator-accounts';
import { bearer, createBattlestation, createPart, createUser, type TestUser } from './helpers/factories';
import { multipart, photo, testJpeg } from './helpers/upload';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  [owner, stranger] = await Promise.all([createUser(t.app), createUser(t.app)]);
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await counterMismatches(t.app)).toEqual([]);
});

type Hotspot = { part_id: number; x: number; y: number };
interface Detail {
  images: string[];
  image_hotspots: Hotspot[][];
  parts: { part_id: number }[];
}

const detail = async (id: number, user: TestUser | null = owner) =>
  t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}`, headers: user ? bearer(user) : {} });
const hotspotsOf = async (id: number) => (await detail(id)).json<Detail>();

function put(id: number, fields: Record<string, unknown>, photos: Buffer[] = []) {
  const body = multipart(fields, photos.map((bytes, i) => ({ ...photo(bytes, `new${i}.jpg`), field: 'added_images' })));
  return t.app.inject({ method: 'PUT', url: `/api/battlestations/id/${id}`, headers: { ...body.headers, ...bearer(owner) }, payload: body.payload });
}

/** A station with two parts and three photos (rows only). */
async function station(isPublic = true) {
  const parts = [await createPart(t.app), await createPart(t.app)];
  const row = await createBattlestation(t.app, { owner, parts, images: 3, is_public: isPublic });
  const { images } = await hotspotsOf(row.battlestation_id);
  return { id: row.battlestation_id, parts: parts.map((part) => part.part_id), images };
}

describe('photo hotspots', () => {
  it('are created with a new station, on the photos it sends', async () => {
    const part = await createPart(t.app);
    const files = await Promise.all([1, 2].map((n) => testJpeg(n).then((bytes) => photo(bytes, `p${n}.jpg`))));
    const hotspots = [{ added_image: 1, part_id: part.part_id, x: 0.25, y: 0.75 }];
    const body = multipart({ name: `Marked ${uniqueSuffix()}`, added_parts: [part.part_id], hotspots }, files);
    const res = await t.app.inject({ method: 'POST', url: '/api/battlestations/', headers: { ...body.headers, ...bearer(owner) }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    const saved = await hotspotsOf(res.json<{ newId: number }>().newId);
    expect(saved.image_hotspots).toEqual([[], [{ part_id: part.part_id, x: 0.25, y: 0.75 }]]);
  });

  it('are saved on stored and newly added photos, and stay on their photo when the photos are reordered', async () => {
    const s = await station();
    const res = await put(
      s.id,
      {
        hotspots: [
          { image: s.images[0], part_id: s.parts[0], x: 0.1, y: 0.2 },
          { image: s.images[0], part_id: s.parts[1], x: 0.9, y: 1 },
          { added_image: 0, part_id: s.parts[1], x: 0, y: 0.5 },
        ],
        added_images_order: [0],
      },
      [await testJpeg(7)],
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json<Detail>();
    expect(saved.images.slice(1)).toEqual(s.images);
    expect(saved.image_hotspots).toEqual([
      [{ part_id: s.parts[1], x: 0, y: 0.5 }],
      [
        { part_id: s.parts[0], x: 0.1, y: 0.2 },
        { part_id: s.parts[1], x: 0.9, y: 1 },
      ],
      [],
      [],
    ]);

    // The first stored photo moves to the end: its markers go with it.
    const reordered = await put(s.id, {
      changed_images: [
        { image: s.images[1], display_order: 1 },
        { image: s.images[2], display_order: 2 },
        { image: s.images[0], display_order: 3 },
      ],
    });
    expect(reordered.statusCode).toBe(200);
    const after = reordered.json<Detail>();
    expect(after.images[3]).toBe(s.images[0]);
    expect(after.image_hotspots[3]).toHaveLength(2);
    expect(after.image_hotspots[0]).toEqual([{ part_id: s.parts[1], x: 0, y: 0.5 }]);
  });

  it('stay as they are when a save does not send them, and go away with their photo or their part', async () => {
    const s = await station();
    await put(s.id, {
      hotspots: [
        { image: s.images[0], part_id: s.parts[0], x: 0.5, y: 0.5 },
        { image: s.images[1], part_id: s.parts[1], x: 0.5, y: 0.5 },
        { image: s.images[2], part_id: s.parts[0], x: 0.3, y: 0.3 },
      ],
    });
    expect((await put(s.id, { name: `Renamed ${uniqueSuffix()}` })).statusCode).toBe(200);
    expect((await hotspotsOf(s.id)).image_hotspots.flat()).toHaveLength(3);

    expect((await put(s.id, { removed_images: [s.images[1]] })).statusCode).toBe(200);
    expect((await hotspotsOf(s.id)).image_hotspots).toEqual([[{ part_id: s.parts[0], x: 0.5, y: 0.5 }], [{ part_id: s.parts[0], x: 0.3, y: 0.3 }]]);

    expect((await put(s.id, { removed_parts: [s.parts[0]] })).statusCode).toBe(200);
    expect((await hotspotsOf(s.id)).image_hotspots).toEqual([[], []]);
  });

  it('survive a change of visibility (which renames the photo files)', async () => {
    const s = await station();
    await put(s.id, { hotspots: [{ image: s.images[2], part_id: s.parts[0], x: 0.4, y: 0.6 }] });
    const res = await put(s.id, { is_public: false });
    expect(res.statusCode).toBe(200);
    const saved = res.json<Detail>();
    expect(saved.images[2]).not.toBe(s.images[2]);
    expect(saved.image_hotspots[2]).toEqual([{ part_id: s.parts[0], x: 0.4, y: 0.6 }]);
  });

  it('are refused outside the photo, on another station\'s photo, for a part the station does not list, or past the maximum', async () => {
    const s = await station();
    const other = await station();
    const foreignPart = (await createPart(t.app)).part_id;
    const cases: [unknown, string][] = [
      [[{ image: s.images[0], part_id: s.parts[0], x: 1.2, y: 0.5 }], HOTSPOT_MESSAGES.position],
      [[{ image: s.images[0], part_id: s.parts[0], x: 0.5, y: -0.1 }], HOTSPOT_MESSAGES.position],
      [[{ image: other.images[0], part_id: s.parts[0], x: 0.5, y: 0.5 }], HOTSPOT_MESSAGES.unknownPhoto],
      [[{ added_image: 0, part_id: s.parts[0], x: 0.5, y: 0.5 }], HOTSPOT_MESSAGES.unknownPhoto],
      [[{ image: s.images[0], added_image: 0, part_id: s.parts[0], x: 0.5, y: 0.5 }], HOTSPOT_MESSAGES.photoRef],
      [[{ image: s.images[0], part_id: foreignPart, x: 0.5, y: 0.5 }], HOTSPOT_MESSAGES.unknownPart],
      [[{ image: s.images[0], part_id: other.parts[0], x: 0.5, y: 0.5 }], HOTSPOT_MESSAGES.unknownPart],
      [Array.from({ length: HOTSPOTS_PER_PHOTO_MAX + 1 }, () => ({ image: s.images[0], part_id: s.parts[0], x: 0.5, y: 0.5 })), HOTSPOT_MESSAGES.tooMany],
      ['not json', HOTSPOT_MESSAGES.list],
    ];
    for (const [hotspots, message] of cases) {
      const res = await put(s.id, { hotspots });
      expect({ status: res.statusCode, message: res.json<{ message: string }>().message }).toEqual({ status: 400, message });
    }
    // A part removed in the same save cannot keep a marker either.
    const removing = await put(s.id, { removed_parts: [s.parts[1]], hotspots: [{ image: s.images[0], part_id: s.parts[1], x: 0.5, y: 0.5 }] });
    expect(removing.statusCode).toBe(400);
    expect((await hotspotsOf(s.id)).image_hotspots.flat()).toEqual([]);
  });

  it('are checked by the database too: a position outside 0-1 or a part the station does not list is refused', async () => {
    const s = await station();
    const [{ image_id }] = await t.app.db.select({ image_id: battlestation_images.image_id }).from(battlestation_images).where(eq(battlestation_images.battlestation_id, s.id)).limit(1);
    const insert = (values: Partial<typeof photo_hotspots.$inferInsert>) =>
      t.app.db.insert(photo_hotspots).values({ image_id, battlestation_id: s.id, part_id: s.parts[0], x: 0.5, y: 0.5, ...values });
    await expect(insert({ x: 1.5 })).rejects.toThrow();
    await expect(insert({ part_id: (await createPart(t.app)).part_id })).rejects.toThrow();
  });

  it('are a change of their own in the station history, but not when they go with a removed photo', async () => {
    const s = await station();
    const latest = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${s.id}/history`, headers: bearer(owner) })).json<{ entries: { changes: { kind: string }[] }[] }>().entries[0]
        .changes;
    await put(s.id, { hotspots: [{ image: s.images[1], part_id: s.parts[0], x: 0.5, y: 0.5 }] });
    expect(await latest()).toEqual([{ kind: 'hotspots_changed' }]);
    await put(s.id, { removed_images: [s.images[1]] });
    expect(await latest()).toEqual([{ kind: 'photos_removed', count: 1 }]);
  });

  it('of a private station are never shown to others', async () => {
    const s = await station(false);
    await put(s.id, { hotspots: [{ image: s.images[0], part_id: s.parts[0], x: 0.5, y: 0.5 }] });
    expect((await detail(s.id, stranger)).statusCode).toBe(404);
    expect((await detail(s.id, null)).statusCode).toBe(404);
    expect((await hotspotsOf(s.id)).image_hotspots[0]).toHaveLength(1);
  });
});

import { stationPartsResponse, type StationPart } from '@battledeck/shared/contract';
import { sql } from 'drizzle-orm';
import { insertPartStores, insertStores } from '../src/repositories/catalogue-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createBattlestation, createPart, createPartType, createUser, type TestUser } from './helpers/factories';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t?.close());

// The visibility rule (404 for someone else's private station) is battlestations-detail.test.ts's.
const getParts = (id: number | string) => t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}/parts` });

describe('GET /api/battlestations/id/{id}/parts: whole parts (issue 20)', () => {
  it("gives each part the spec's whole Part shape: image, manufacturer and its link, store links by store name", async () => {
    const desk = await createPartType(t.app, { type_name: 'Desk', type_path: `desk-${Date.now()}` });
    const oak = await createPart(t.app, { name: 'Oak Desk', type: desk, manufacturer: 'Woodworks', manufacturer_url: 'https://woodworks.example', image: 'oak.jpg' });
    const bare = await createPart(t.app, { name: 'bare desk', type: desk, manufacturer: 'Plain', image: 'bare.png' });
    await t.app.db.execute(sql`UPDATE parts SET image_width = 800, image_height = 600, image_widths = '{320,640}' WHERE part_id = ${oak.part_id}`);
    const [zeta, amazon] = await insertStores(t.app.db, [
      { name: 'zeta Store', url: 'https://zeta.example' },
      { name: 'Amazon', url: 'https://www.amazon.com' },
    ]);
    await insertPartStores(t.app.db, [
      { part_id: oak.part_id, store_id: zeta.store_id, url: 'https://zeta.example/oak' },
      { part_id: oak.part_id, store_id: amazon.store_id, url: 'https://www.amazon.com/dp/oak' },
    ]);
    const station = await createBattlestation(t.app, { owner, parts: [oak, bare] });

    const res = await getParts(station.battlestation_id);
    expect(res.statusCode).toBe(200);
    const body = res.json<StationPart[]>();
    expect(stationPartsResponse.safeParse(body).success).toBe(true);
    expect(body).toEqual([
      {
        part_id: bare.part_id,
        name: 'bare desk',
        type_id: desk.type_id,
        type_name: 'Desk',
        type_path: desk.type_path,
        manufacturer: 'Plain',
        manufacturer_url: null,
        image: 'bare.png',
        image_size: null,
        battlestation_count: 1,
        stores: [],
      },
      {
        part_id: oak.part_id,
        name: 'Oak Desk',
        type_id: desk.type_id,
        type_name: 'Desk',
        type_path: desk.type_path,
        manufacturer: 'Woodworks',
        manufacturer_url: 'https://woodworks.example',
        image: 'oak.jpg',
        image_size: { width: 800, height: 600, widths: [320, 640] },
        battlestation_count: 1,
        stores: [
          { store_id: amazon.store_id, store_name: 'Amazon', url: 'https://www.amazon.com/dp/oak' },
          { store_id: zeta.store_id, store_name: 'zeta Store', url: 'https://zeta.example/oak' },
        ],
      },
    ]);
  });

  it('answers a station without parts with an empty list', async () => {
    const station = await createBattlestation(t.app, { owner, parts: [] });
    const res = await getParts(station.battlestation_id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('reads the station and its whole list in one indexed statement', async () => {
    const station = await createBattlestation(t.app, { owner, parts: 3 });
    const statements: string[] = [];
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query.bind(client);
    const spy = jest.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
      const first = args[0] as string | { text: string };
      statements.push(typeof first === 'string' ? first : first.text);
      return query(...args);
    });
    try {
      expect((await getParts(station.battlestation_id)).statusCode).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(statements.filter((text) => /battlestation_parts/.test(text))).toHaveLength(1);
  });

  it('answers 404 for ids out of range and 400 for ids that are not numbers', async () => {
    expect((await getParts(2_147_483_647)).statusCode).toBe(404);
    expect((await getParts('99999999999999999999')).statusCode).toBe(400);
    expect((await getParts('1%27%20OR%201=1')).statusCode).toBe(400);
  });
});

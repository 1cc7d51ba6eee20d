import { ID_MAX } from '@battledeck/shared/contract';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createBattlestation, createPart, createPartType, createUser, type TestUser } from './helpers/factories';
import { localToken, localTokenVerifier } from './helpers/local-tokens';
import { multipart, testJpeg } from './helpers/upload';

/**
 * Issue 15: ids are PostgreSQL integers. One past the range (2147483648) used to reach the database in
 * added_parts, removed_parts, type_id, added_stores[].store_id and deleted_stores and fail there with a 500;
 * the contract now refuses it everywhere an id is accepted, with the field's usual validation message.
 */
const TOO_BIG = ID_MAX + 1;

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let stationId: number;
let partId: number;
let typeId: number;
let jpeg: Buffer;

beforeAll(async () => {
  // Locally signed tokens: what is under test is validation, not sign-in.
  t = await buildTestApp({}, { tokenVerifier: localTokenVerifier() });
  [owner, admin] = await Promise.all([createUser(t.app), createUser(t.app, { is_admin: true })]);
  const station = await createBattlestation(t.app, { owner });
  stationId = station.battlestation_id;
  partId = (await createPart(t.app)).part_id;
  typeId = (await createPartType(t.app)).type_id;
  jpeg = await testJpeg();
});
afterAll(() => t?.close());

const bearer = (user: TestUser) => ({ authorization: `Bearer ${localToken(user.uid)}` });

function send(method: 'POST' | 'PUT', url: string, user: TestUser, fields: Record<string, unknown>, withImage: 'images' | 'image' | null) {
  const body = multipart(fields, withImage ? [{ field: withImage, filename: 'photo.jpg', content: jpeg, contentType: 'image/jpeg' }] : []);
  return t.app.inject({ method, url, headers: { ...body.headers, ...bearer(user) }, payload: body.payload });
}

const part = (extra: Record<string, unknown>) => ({ name: 'Range part', type_id: typeId, manufacturer: 'Acme', ...extra });

describe('ids beyond PostgreSQL integer range', () => {
  it.each([
    ['added_parts on create', () => send('POST', '/api/battlestations/', owner, { name: 'Range', added_parts: [TOO_BIG] }, 'images'), 'added_parts must be a list of part ids.'],
    ['added_parts on update', () => send('PUT', `/api/battlestations/id/${stationId}`, owner, { added_parts: [TOO_BIG] }, null), 'added_parts must be a list of part ids.'],
    ['removed_parts on update', () => send('PUT', `/api/battlestations/id/${stationId}`, owner, { removed_parts: [TOO_BIG] }, null), 'removed_parts must be a list of part ids.'],
    ['type_id on part create', () => send('POST', '/api/parts/', admin, part({ type_id: TOO_BIG }), 'image'), 'Field is required.'],
    ['type_id on part update', () => send('PUT', `/api/parts/${partId}`, admin, part({ type_id: TOO_BIG }), null), 'Field is required.'],
    [
      'added_stores[].store_id',
      () => send('PUT', `/api/parts/${partId}`, admin, part({ added_stores: [{ store_id: TOO_BIG, url: 'https://store.example.com/p' }] }), null),
      'store_id must be a positive whole number.',
    ],
    ['deleted_stores', () => send('PUT', `/api/parts/${partId}`, admin, part({ deleted_stores: [TOO_BIG] }), null), 'deleted_stores must be a list of store ids.'],
    ['request_id', () => send('POST', '/api/parts/', admin, part({ request_id: TOO_BIG }), 'image'), 'request_id must be a positive whole number.'],
  ])('%s answers 400 with the validation message', async (_name, request, message) => {
    const res = await request();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('the largest id is still accepted by the validation (a missing row is a 404 or a clear 400, never a 500)', async () => {
    const res = await send('PUT', `/api/battlestations/id/${stationId}`, owner, { removed_parts: [ID_MAX] }, null);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).not.toBe(400);
  });

  const ID = String(TOO_BIG);
  it.each([
    ['GET', `/api/battlestations/id/${ID}`],
    ['GET', `/api/battlestations/id/${ID}/parts`],
    ['PUT', `/api/battlestations/id/${ID}`],
    ['DELETE', `/api/battlestations/id/${ID}`],
    ['PUT', `/api/battlestations/favorites/${ID}`],
    ['GET', `/api/parts/id/${ID}`],
    ['GET', `/api/parts/id/${ID}/battlestations`],
    ['PUT', `/api/parts/${ID}`],
    ['DELETE', `/api/parts/${ID}`],
    ['PUT', `/api/parts/pending/${ID}`],
    ['DELETE', `/api/parts/pending/${ID}`],
    ['PUT', `/api/stores/${ID}`],
    ['DELETE', `/api/stores/${ID}`],
  ] as const)('%s %s answers 400 for the path id', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: bearer(admin), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The id must be a positive whole number.' });
  });

  it('a station of the largest valid id is simply not found', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${ID_MAX}` });
    expect(res.statusCode).toBe(404);
  });
});


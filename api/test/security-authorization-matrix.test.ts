import { DEFAULT_IMAGE_IMPORT } from '../src/images/import-image-url';
import { startLocalServer, type LocalServer } from './helpers/admin-helpers';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createPart, createPartType, createBattlestation, type TestUser } from './helpers/factories';
import { FRESH_OWNER_ROWS, MATRIX_REQUESTS, freshUser, type MatrixEnv } from './helpers/matrix-requests';
import { ROLES, createPrincipals, type Role } from './helpers/principals';
import { routeInventory } from './helpers/route-inventory';
import { testJpeg, testPng } from './helpers/upload';

/**
 * Issue 7 part 1 (decision 6): every registered route and method, called as each kind of caller. The rows
 * act on user A's things (A2's in the revoked column and the deleted user's in the deleted column, so those
 * owners are refused on their own things). "· private" rows repeat a route on a private battlestation.
 */
type Cells = Record<Role, number>;
const cells = (anon: number, a: number, b: number, mod: number, admin: number, revoked: number, deleted: number): Cells => ({ anon, a, b, mod, admin, revoked, deleted });

// prettier-ignore
const EXPECTED: Record<string, Cells> = {
  //                                                         anon    A    B  mod admin revoked deleted
  'GET /api/health':                                   cells(200, 200, 200, 200, 200, 200, 200),
  // A private station is never embedded, not even for its owner or staff (ADR 018).
  'GET /api/oembed':                                   cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/oembed · private':                         cells(404, 404, 404, 404, 404, 404, 404),
  // Public data for crawlers; a private station is in nobody's answer (the request checks it, ADR 025).
  'GET /api/sitemap':                                   cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/sitemap/battlestations':                    cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/sitemap/battlestations · private':          cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/sitemap/parts':                             cells(200, 200, 200, 200, 200, 200, 200),
  'POST /api/users':                                   cells(201, 201, 201, 201, 201, 201, 201),
  'GET /api/users/:id':                                cells(401, 200, 403, 403, 200, 401, 401),
  'PUT /api/users/:id':                                cells(401, 200, 403, 403, 200, 401, 401),
  'DELETE /api/users/:id':                             cells(401, 204, 403, 403, 204, 401, 401),
  'GET /api/users/:id/battlestations':                 cells(401, 200, 403, 403, 200, 401, 401),
  'GET /api/users/:id/favorites':                      cells(401, 200, 403, 403, 200, 401, 401),
  // A people page is public, whoever asks (SPEC decision 29).
  'GET /api/users/by-name/:username':                  cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/parts':                                    cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/parts/types':                              cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/parts/id/:id':                             cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/parts/id/:id/battlestations':              cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/parts/id/:id/paired':                      cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/parts/autocomplete':                       cells(200, 200, 200, 200, 200, 200, 200),
  'POST /api/parts':                                   cells(401, 403, 403, 201, 201, 401, 401),
  'PUT /api/parts/:id':                                cells(401, 403, 403, 200, 200, 401, 401),
  'DELETE /api/parts/:id':                             cells(401, 403, 403, 204, 204, 401, 401),
  'POST /api/parts/image-preview':                     cells(401, 403, 403, 200, 200, 401, 401),
  // Duplicate-aware parts (decision 021): suggestions are public; merging is for admins, not moderators.
  'GET /api/parts/similar':                            cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/parts/:id/merge-preview':                  cells(401, 403, 403, 403, 200, 401, 401),
  'POST /api/parts/:id/merge':                         cells(401, 403, 403, 403, 200, 401, 401),
  'POST /api/parts/request':                           cells(401, 201, 201, 201, 201, 401, 401),
  'GET /api/parts/pending':                            cells(401, 403, 403, 200, 200, 401, 401),
  'PUT /api/parts/pending/:id':                        cells(401, 403, 403, 200, 200, 401, 401),
  'DELETE /api/parts/pending/:id':                     cells(401, 403, 403, 204, 204, 401, 401),
  'GET /api/battlestations':                           cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/battlestations/featured':                  cells(200, 200, 200, 200, 200, 200, 200),
  'POST /api/battlestations':                          cells(401, 201, 201, 201, 201, 401, 401),
  'GET /api/battlestations/id/:id':                    cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/battlestations/id/:id · private':          cells(404, 200, 404, 200, 200, 404, 404),
  'GET /api/battlestations/id/:id/parts':              cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/battlestations/id/:id/parts · private':    cells(404, 200, 404, 200, 200, 404, 404),
  'GET /api/battlestations/id/:id/similar':            cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/battlestations/id/:id/similar · private':  cells(404, 200, 404, 200, 200, 404, 404),
  'GET /api/battlestations/id/:id/history':            cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/battlestations/id/:id/history · private':  cells(404, 200, 404, 200, 200, 404, 404),
  'PUT /api/battlestations/id/:id':                    cells(401, 200, 403, 200, 200, 401, 401),
  'PUT /api/battlestations/id/:id · private':          cells(401, 200, 404, 200, 200, 401, 401),
  'DELETE /api/battlestations/id/:id':                 cells(401, 204, 403, 204, 204, 401, 401),
  'DELETE /api/battlestations/id/:id · private':       cells(401, 204, 404, 204, 204, 401, 401),
  // A photo of a public station is served at /images/…, never here; a private one to its owner and staff only.
  'GET /api/battlestations/images/:file':              cells(404, 404, 404, 404, 404, 404, 404),
  'GET /api/battlestations/images/:file · private':    cells(404, 200, 404, 200, 200, 404, 404),
  'PUT /api/battlestations/favorites/:id':             cells(401, 200, 200, 200, 200, 401, 401),
  'PUT /api/battlestations/favorites/:id · private':   cells(401, 200, 404, 200, 200, 401, 401),
  'GET /api/stores':                                   cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/stores/count':                             cells(200, 200, 200, 200, 200, 200, 200),
  'GET /api/stores/all':                               cells(200, 200, 200, 200, 200, 200, 200),
  'POST /api/stores':                                  cells(401, 403, 403, 403, 201, 401, 401),
  'PUT /api/stores/:id':                               cells(401, 403, 403, 403, 200, 401, 401),
  'DELETE /api/stores/:id':                            cells(401, 403, 403, 403, 204, 401, 401),
  'GET /api/admin/stats':                              cells(401, 403, 403, 200, 200, 401, 401),
  'GET /api/admin/battlestations':                     cells(401, 403, 403, 200, 200, 401, 401),
  'GET /api/admin/parts':                              cells(401, 403, 403, 200, 200, 401, 401),
  'GET /api/admin/users':                              cells(401, 403, 403, 403, 200, 401, 401),
  'PUT /api/admin/users/:uid/roles':                   cells(401, 403, 403, 403, 200, 401, 401),
  // Store-link health (issue 20 item 5): admins only, like stores.
  'GET /api/admin/store-links/broken':                 cells(401, 403, 403, 403, 200, 401, 401),
  'PUT /api/admin/store-links/:partId/:storeId':       cells(401, 403, 403, 403, 200, 401, 401),
  'DELETE /api/admin/store-links/:partId/:storeId':    cells(401, 403, 403, 403, 204, 401, 401),
  'POST /api/admin/store-links/check':                 cells(401, 403, 403, 403, 200, 401, 401),
};

/** 'GET /api/battlestations/id/:id · private' → 'GET /api/battlestations/id/:id'. */
const routeOf = (row: string) => row.split(' · ')[0];
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;

const inventory = routeInventory();
let t: TestApp;
let imageServer: LocalServer;
let env: MatrixEnv;

beforeAll(async () => {
  const png = await testPng(120, 80);
  imageServer = await startLocalServer({ '/part.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png) });
  t = await buildTestApp({ imageImport: { ...DEFAULT_IMAGE_IMPORT, allowedAddresses: ['127.0.0.1'] } }, { onRoute: inventory.onRoute });
  const p = await createPrincipals(t.app);
  const type = await createPartType(t.app);
  const part = await createPart(t.app, { type });
  env = { t, p, jpeg: await testJpeg(3), type, part, imageUrl: `${imageServer.origin}/part.png`, users: Object.values(p) };
  // A's lists have something private in them, and A favorited someone's station: a leak would show.
  const aPrivate = await createBattlestation(t.app, { owner: p.a, parts: [part], is_public: false });
  await createBattlestation(t.app, { owner: p.b, parts: [part], favoritedBy: [p.a] });
  expect(aPrivate.is_public).toBe(false);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await imageServer?.close();
});

function callerOf(role: Role, owner: TestUser): TestUser | undefined {
  if (role === 'anon') return undefined;
  return role === 'a' ? owner : env.p[role];
}

async function ownerFor(row: string, role: Role): Promise<TestUser> {
  if (role === 'revoked' || role === 'deleted') return env.p[role];
  return FRESH_OWNER_ROWS.has(row) ? freshUser(env) : env.p.a;
}

/** E-mails in a body that belong to someone other than the caller (none may reach anonymous callers or B). */
function leakedEmails(body: string, caller: TestUser | undefined): string[] {
  const found = (body.match(EMAIL) ?? []).map((e) => e.toLowerCase());
  const known = env.users.filter((u) => u !== caller && body.toLowerCase().includes(u.email.toLowerCase())).map((u) => u.email);
  return [...new Set([...found, ...known])].filter((email) => email !== caller?.email.toLowerCase());
}

it('lists every registered route and method, and no route that is not registered', () => {
  const listed = [...new Set(Object.keys(EXPECTED).map(routeOf))].sort();
  expect(inventory.routes().length).toBeGreaterThan(30);
  expect(listed).toEqual(inventory.routes());
  expect(Object.keys(MATRIX_REQUESTS).sort()).toEqual(Object.keys(EXPECTED).sort());
});

describe.each(Object.keys(EXPECTED))('%s', (row) => {
  it('answers each caller as the table says, changes nothing it may not, and leaks no e-mail', async () => {
    const actual = {} as Cells;
    for (const role of ROLES) {
      const owner = await ownerFor(row, role);
      const caller = callerOf(role, owner);
      const call = await MATRIX_REQUESTS[row](env, owner);
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        payload: call.payload,
        headers: { ...call.headers, ...(caller ? bearer(caller) : {}) },
      });
      actual[role] = res.statusCode;
      if (res.statusCode >= 400) expect(res.json()).toEqual({ message: expect.stringMatching(/\S/) });
      if (role === 'anon' || role === 'b') expect({ role, leaked: leakedEmails(res.body, caller) }).toEqual({ role, leaked: [] });
      await call.verify?.(res, caller);
    }
    expect(actual).toEqual(EXPECTED[row]);
  });
});

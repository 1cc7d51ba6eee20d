import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createUser, type TestUser } from './helpers/factories';

/**
 * Who may call what (decisions 5 and 6): anonymous callers get 401, regular users 403; moderators get the
 * staff calls (admin home, battlestations, parts, pending parts) and 403 on stores and users; admins get
 * everything. "Allowed" means the guard let the call through (whatever the handler then answered).
 */

let t: TestApp;
let member: TestUser;
let moderator: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  [member, moderator, admin] = await Promise.all([createUser(t.app), createUser(t.app, { is_moderator: true }), createUser(t.app, { is_admin: true })]);
});
afterAll(() => t?.close());

type Call = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object];

const STAFF_CALLS: Call[] = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/battlestations'],
  ['GET', '/api/admin/parts'],
  ['POST', '/api/parts/', {}],
  ['PUT', '/api/parts/999999', {}],
  ['DELETE', '/api/parts/999999'],
  ['GET', '/api/parts/pending'],
  ['PUT', '/api/parts/pending/999999', { status: 'approved' }],
  ['DELETE', '/api/parts/pending/999999'],
  ['POST', '/api/parts/image-preview', {}],
];
const ADMIN_CALLS: Call[] = [
  ['POST', '/api/stores', {}],
  ['PUT', '/api/stores/999999', {}],
  ['DELETE', '/api/stores/999999'],
  ['GET', '/api/admin/users'],
  ['PUT', '/api/admin/users/someone/roles', { is_moderator: true }],
];

const call = ([method, url, body]: Call, user?: TestUser) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(body ? { payload: body } : {}) });

describe.each([...STAFF_CALLS, ...ADMIN_CALLS])('%s %s', (...spec) => {
  const target = spec as Call;
  const adminOnly = ADMIN_CALLS.some(([method, url]) => method === target[0] && url === target[1]);

  it('answers 401 without a token or with a bad one', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const res = await t.app.inject({ method: target[0], url: target[1], headers, ...(target[2] ? { payload: target[2] } : {}) });
      expect(res.statusCode).toBe(401);
      expect(Object.keys(res.json())).toEqual(['message']);
    }
  });

  it('answers 403 to a regular user', async () => {
    const res = await call(target, member);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
  });

  it(adminOnly ? 'answers 403 to a moderator' : 'lets a moderator through', async () => {
    const res = await call(target, moderator);
    if (adminOnly) expect(res.statusCode).toBe(403);
    else expect([401, 403]).not.toContain(res.statusCode);
  });

  it('lets an admin through', async () => {
    expect([401, 403]).not.toContain((await call(target, admin)).statusCode);
  });
});

describe('store reads are public, as SPEC §7 lists them', () => {
  it.each(['/api/stores', '/api/stores/count', '/api/stores/all'])('GET %s', async (url) => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});

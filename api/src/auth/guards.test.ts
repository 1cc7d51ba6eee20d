import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import type { AuthUser } from './auth-user';
import { assertRecentSignIn, assertSelfOrAdmin, requireAdmin, requireAdminOrModerator, requireRecentSignIn, requireSelfOrAdmin, requireUser } from './guards';

const user = (uid: string, roles: Partial<AuthUser['profile']> = {}): AuthUser => ({
  uid,
  email: `${uid}@example.com`,
  authTime: Math.floor(Date.now() / 1000),
  profile: { username: uid, is_admin: false, is_moderator: false, ...roles },
});
const request = (caller: AuthUser | null, params: Record<string, string> = {}) => ({ user: caller, params }) as unknown as FastifyRequest;

async function statusOf(check: () => unknown): Promise<number | 'ok'> {
  try {
    await check();
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return error.statusCode;
    throw error;
  }
}

const member = user('member');
const moderator = user('moderator', { is_moderator: true });
const admin = user('admin', { is_admin: true });

describe('guards', () => {
  it('requireUser: 401 without a signed-in user', async () => {
    expect(await statusOf(() => requireUser(request(null)))).toBe(401);
    expect(requireUser(request(member))).toBe(member);
  });

  it('requireAdmin: admins only (decision 5: stores and users)', async () => {
    expect(await statusOf(() => requireAdmin(request(admin)))).toBe('ok');
    expect(await statusOf(() => requireAdmin(request(moderator)))).toBe(403);
    expect(await statusOf(() => requireAdmin(request(member)))).toBe(403);
    expect(await statusOf(() => requireAdmin(request(null)))).toBe(401);
  });

  it('requireAdminOrModerator: admins and moderators (decision 5: battlestations, parts, pending parts)', async () => {
    expect(await statusOf(() => requireAdminOrModerator(request(admin)))).toBe('ok');
    expect(await statusOf(() => requireAdminOrModerator(request(moderator)))).toBe('ok');
    expect(await statusOf(() => requireAdminOrModerator(request(member)))).toBe(403);
  });

  it('requireSelfOrAdmin / assertSelfOrAdmin: the user named in the path, or an admin', async () => {
    expect(await statusOf(() => requireSelfOrAdmin('id')(request(member, { id: 'member' })))).toBe('ok');
    expect(await statusOf(() => requireSelfOrAdmin('id')(request(admin, { id: 'member' })))).toBe('ok');
    expect(await statusOf(() => requireSelfOrAdmin('id')(request(moderator, { id: 'member' })))).toBe(403);
    expect(await statusOf(() => requireSelfOrAdmin('uid')(request(member, { uid: 'someone' })))).toBe(403);
    expect(await statusOf(() => assertSelfOrAdmin(member, 'member'))).toBe('ok');
    expect(await statusOf(() => assertSelfOrAdmin(member, 'other'))).toBe(403);
  });

  it('assertRecentSignIn: a sign-in at most five minutes old, else 403 with the recent-sign-in message (decision 25)', async () => {
    const now = 1_800_000_000_000;
    const signedInAgo = (seconds: number) => ({ authTime: now / 1000 - seconds });
    expect(await statusOf(() => assertRecentSignIn(signedInAgo(0), now))).toBe('ok');
    expect(await statusOf(() => assertRecentSignIn(signedInAgo(300), now))).toBe('ok');
    expect(await statusOf(() => assertRecentSignIn(signedInAgo(301), now))).toBe(403);
    expect(() => assertRecentSignIn(signedInAgo(3600), now)).toThrow('Please sign in again to make this change.');
    expect(await statusOf(() => assertRecentSignIn({ authTime: Number.NaN }, now))).toBe(403);
    expect(await statusOf(() => requireRecentSignIn(request(member)))).toBe('ok');
    expect(await statusOf(() => requireRecentSignIn(request({ ...admin, authTime: Math.floor(Date.now() / 1000) - 600 })))).toBe(403);
  });
});

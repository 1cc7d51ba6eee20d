import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import type { AuthUser } from './auth-user';
import { assertSelfOrAdmin, requireAdmin, requireAdminOrModerator, requireSelfOrAdmin, requireUser } from './guards';

const user = (uid: string, roles: Partial<AuthUser['profile']> = {}): AuthUser => ({
  uid,
  email: `${uid}@example.com`,
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
});

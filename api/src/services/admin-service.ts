import {
  ADMIN_MESSAGES,
  type AdminPartsResponse,
  type adminPartsQuery,
  type AdminStats,
  type AdminUser,
  type AdminUsersResponse,
  type adminUsersQuery,
  type BattlestationsListResponse,
  type adminBattlestationsQuery,
  type rolesBody,
} from '@battledeck/shared/contract';
import type { z } from 'zod';
import type { AuthUser } from '../auth/auth-user';
import type { Database } from '../db/database';
import { MESSAGES, conflict, forbidden, notFound } from '../errors';
import { toIso } from '../lib/timestamps';
import {
  adminCounts,
  countAdminUsers,
  countAllBattlestations,
  findAdminUser,
  listAdminUsers,
  listAllBattlestations,
  setUserRoles,
  uploadsPerDay,
  type AdminUserRow,
} from '../repositories/admin-repository';
import { partExtras } from '../repositories/part-write-repository';
import { lockUserAndAdmins } from '../repositories/users-repository';
import { toBattlestationCard } from './battlestation-cards';
import { searchWords } from './battlestations-service';
import { getParts } from './parts-catalogue-service';

/** Days the admin home's upload chart covers (decision 18). */
export const UPLOAD_DAYS = 30;

const offsetOf = (q: { pageNumber: number; resultsPerPage: number }) => (q.pageNumber - 1) * q.resultsPerPage;

/** GET /admin/battlestations: every station, private ones included, searched like the public list. */
export async function getAdminBattlestations(db: Database, query: z.output<typeof adminBattlestationsQuery>): Promise<BattlestationsListResponse> {
  const words = searchWords(query.searchTerm);
  const [rows, total] = await Promise.all([
    listAllBattlestations(db, { sortBy: query.sortBy, direction: query.direction, limit: query.resultsPerPage, offset: offsetOf(query), words }),
    countAllBattlestations(db, words),
  ]);
  return { battlestations: rows.map(toBattlestationCard), total };
}

/** GET /admin/parts: the catalogue list (same filters and search as GET /parts) with each part's store links. */
export async function getAdminParts(db: Database, query: z.output<typeof adminPartsQuery>): Promise<AdminPartsResponse> {
  const page = await getParts(db, query);
  const { urls, links } = await partExtras(db, page.parts.map((p) => p.part_id));
  return {
    parts: page.parts.map((p) => ({ ...p, manufacturer_url: urls.get(p.part_id) ?? null, stores: links.get(p.part_id) ?? [] })),
    total: page.total,
  };
}

const toAdminUser = (row: AdminUserRow): AdminUser => ({ ...row, created_date: toIso(row.created_date) });

/** GET /admin/users: users with their roles and station counts, searched by username or e-mail. */
export async function getAdminUsers(db: Database, query: z.output<typeof adminUsersQuery>): Promise<AdminUsersResponse> {
  const words = searchWords(query.searchTerm);
  const [rows, total] = await Promise.all([
    listAdminUsers(db, { sortBy: query.sortBy, direction: query.direction, limit: query.resultsPerPage, offset: offsetOf(query), words }),
    countAdminUsers(db, words),
  ]);
  return { users: rows.map(toAdminUser), total };
}

/**
 * PUT /admin/users/{uid}/roles: grants or revokes admin and moderator. The auth plugin reads the roles
 * from the profile row on every request, so the change applies to the user's very next call. An admin
 * cannot take their own admin role away (there would be no way back from the UI).
 * The change holds every admin row, as an account's deletion does (decision 008): two admins taking each
 * other's role at once go one after the other, and the second, no longer an admin, is refused.
 */
export async function updateUserRoles(db: Database, caller: AuthUser, uid: string, roles: z.output<typeof rolesBody>): Promise<AdminUser> {
  if (caller.uid === uid && roles.is_admin === false) throw conflict(ADMIN_MESSAGES.ownAdminRole);
  await db.transaction(async (tx) => {
    const locked = await lockUserAndAdmins(tx, uid);
    if (!locked.some((row) => row.user_id === caller.uid && row.is_admin)) throw forbidden();
    if (!(await setUserRoles(tx, uid, roles))) throw notFound(MESSAGES.userNotFound);
  });
  const row = await findAdminUser(db, uid);
  if (!row) throw notFound(MESSAGES.userNotFound);
  return toAdminUser(row);
}

/** GET /admin/stats: the admin home's live figures. */
export async function getAdminStats(db: Database): Promise<AdminStats> {
  const [counts, uploads] = await Promise.all([adminCounts(db), uploadsPerDay(db, UPLOAD_DAYS)]);
  return {
    users: counts.users,
    battlestations: { public: counts.public_battlestations, private: counts.private_battlestations },
    parts: counts.parts,
    stores: counts.stores,
    pending_requests: counts.pending_requests,
    uploads_per_day: uploads,
  };
}

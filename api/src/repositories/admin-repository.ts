import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { BattlestationSort, Direction } from '@battledeck/shared/contract';
import type { Database } from '../db/database';
import { battlestations, part_requests, parts, stores, users } from '../db/schema';
import { battlestationCardColumns, battlestationOrder, type BattlestationCardRow } from './battlestations-repository';
import { escapeLike } from './parts-catalogue-repository';

/**
 * The admin area's reads: every battlestation (private ones included), the users with their roles and
 * station counts, and the live figures of the admin home (decision 18).
 */

/** Words shorter than this must appear as written; longer ones may also match with a typo (pg_trgm `<%`). */
const FUZZY_MIN_LENGTH = 3;

/**
 * Every word must match one of the columns as a substring ignoring case or, from 3 characters, one of the
 * `fuzzy` columns as a close word (pg_trgm `<%`, so 'bulder' finds 'builder'). Both operators use the GIN
 * trigram indexes.
 */
function wordsCondition(words: readonly string[], exact: readonly PgColumn[], fuzzy: readonly PgColumn[]): SQL | undefined {
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      const alternatives = [
        ...[...exact, ...fuzzy].map((column) => sql`${column} ILIKE ${pattern}`),
        ...(word.length >= FUZZY_MIN_LENGTH ? fuzzy.map((column) => sql`${word} <% ${column}`) : []),
      ];
      return sql`(${sql.join(alternatives, sql` OR `)})`;
    }),
  );
}

export interface AdminStationPage {
  sortBy: BattlestationSort;
  direction: Direction;
  limit: number;
  offset: number;
  words: readonly string[];
}

/** The same search as the public list (search_text: name, username, part names, description), over every station. */
const stationSearch = (words: readonly string[]) => wordsCondition(words, [], [battlestations.search_text]);

export async function listAllBattlestations(db: Database, page: AdminStationPage): Promise<BattlestationCardRow[]> {
  return db
    .select(battlestationCardColumns)
    .from(battlestations)
    .innerJoin(users, eq(users.user_id, battlestations.user_id))
    .where(stationSearch(page.words))
    .orderBy(...battlestationOrder(page.sortBy, page.direction))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAllBattlestations(db: Database, words: readonly string[]): Promise<number> {
  const [row] = await db.select({ total: count() }).from(battlestations).where(stationSearch(words));
  return row.total;
}

// ---- Users ----

export type AdminUserSort = 'username' | 'created_date' | 'battlestation_count';

export interface AdminUserPage {
  sortBy: AdminUserSort;
  direction: Direction;
  limit: number;
  offset: number;
  words: readonly string[];
}

/**
 * Every station of the user, private ones included (uses battlestations_user_idx). Written with explicit
 * names: drizzle leaves columns unqualified in a one-table select, which the subquery would misread.
 */
const stationCount = sql<number>`(SELECT count(*)::int FROM "battlestations" AS owned WHERE owned."user_id" = "users"."user_id")`;

/** Usernames tolerate typos; e-mails must match as written (they are too alike for similarity to mean anything). */
const userSearch = (words: readonly string[]) => wordsCondition(words, [users.email], [users.username]);

/** username: users_username_lower_key (unique); created_date: users_created_idx; the count is computed. */
function userOrder(sortBy: AdminUserSort, direction: Direction): SQL[] {
  const dir = direction === 'asc' ? asc : desc;
  switch (sortBy) {
    case 'username':
      return [dir(sql`lower(${users.username})`)];
    case 'created_date':
      return [dir(users.created_date), dir(users.user_id)];
    case 'battlestation_count':
      return [dir(stationCount), dir(users.created_date), dir(users.user_id)];
  }
}

const adminUserColumns = {
  user_id: users.user_id,
  username: users.username,
  email: users.email,
  is_admin: users.is_admin,
  is_moderator: users.is_moderator,
  created_date: users.created_date,
  battlestation_count: stationCount,
};

export interface AdminUserRow {
  user_id: string;
  username: string;
  email: string;
  is_admin: boolean;
  is_moderator: boolean;
  created_date: Date;
  battlestation_count: number;
}

export async function listAdminUsers(db: Database, page: AdminUserPage): Promise<AdminUserRow[]> {
  return db
    .select(adminUserColumns)
    .from(users)
    .where(userSearch(page.words))
    .orderBy(...userOrder(page.sortBy, page.direction))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAdminUsers(db: Database, words: readonly string[]): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(userSearch(words));
  return row.total;
}

export async function findAdminUser(db: Database, uid: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select(adminUserColumns).from(users).where(eq(users.user_id, uid)).limit(1);
  return row;
}

export async function setUserRoles(db: Database, uid: string, roles: { is_admin?: boolean; is_moderator?: boolean }): Promise<boolean> {
  const updated = await db.update(users).set(roles).where(eq(users.user_id, uid)).returning({ user_id: users.user_id });
  return updated.length > 0;
}

// ---- Figures ----

export interface AdminCounts {
  users: number;
  public_battlestations: number;
  private_battlestations: number;
  parts: number;
  stores: number;
  pending_requests: number;
}

export async function adminCounts(db: Database): Promise<AdminCounts> {
  const [row] = await db
    .select({
      users: sql<number>`(SELECT count(*)::int FROM ${users})`,
      public_battlestations: sql<number>`(SELECT count(*)::int FROM ${battlestations} WHERE ${battlestations.is_public})`,
      private_battlestations: sql<number>`(SELECT count(*)::int FROM ${battlestations} WHERE NOT ${battlestations.is_public})`,
      parts: sql<number>`(SELECT count(*)::int FROM ${parts})`,
      stores: sql<number>`(SELECT count(*)::int FROM ${stores})`,
      pending_requests: sql<number>`(SELECT count(*)::int FROM ${part_requests} WHERE ${part_requests.status} = 'pending')`,
    })
    .from(sql`(SELECT 1) AS one`);
  return row;
}

/**
 * Battlestations created on each of the last `days` UTC days, today included, oldest first; a day without
 * any is there with 0 (generate_series). Reads battlestations_created_idx for the range.
 */
export async function uploadsPerDay(db: Database, days: number): Promise<{ date: string; count: number }[]> {
  const result = (await db.execute(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS date, count(${battlestations.battlestation_id})::int AS count
    FROM generate_series(
      ((now() AT TIME ZONE 'UTC')::date - ${days - 1}::int)::timestamp,
      (now() AT TIME ZONE 'UTC')::date::timestamp,
      interval '1 day'
    ) AS day
    LEFT JOIN ${battlestations}
      ON ${battlestations.created_date} >= (day AT TIME ZONE 'UTC')
     AND ${battlestations.created_date} < ((day + interval '1 day') AT TIME ZONE 'UTC')
    GROUP BY day
    ORDER BY day
  `)) as unknown as { rows: { date: string; count: number }[] };
  return result.rows.map((r) => ({ date: r.date, count: Number(r.count) }));
}

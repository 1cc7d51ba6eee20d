import { asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Direction } from '@battledeck/shared/contract';
import type { Database } from '../db/database';
import { part_stores, stores } from '../db/schema';
import { escapeLike } from './parts-catalogue-repository';

export type StoreRow = typeof stores.$inferSelect;
export type StoreSort = 'name' | 'url' | 'part_count';

export interface StoreListPage {
  sortBy: StoreSort;
  direction: Direction;
  limit: number;
  offset: number;
  searchTerm?: string;
}

const storeColumns = { store_id: stores.store_id, name: stores.name, url: stores.url, part_count: stores.part_count };

/** A case-insensitive substring of the name or the URL (a few rows: no typo tolerance needed). */
function searchCondition(searchTerm: string | undefined): SQL | undefined {
  if (!searchTerm) return undefined;
  const pattern = `%${escapeLike(searchTerm)}%`;
  return sql`(${stores.name} ILIKE ${pattern} OR ${stores.url} ILIKE ${pattern})`;
}

/** Sort keys match stores_name_idx, stores_url_idx and stores_part_count_idx, each ending with the id. */
const SORT_KEYS: Record<StoreSort, SQL | typeof stores.part_count> = {
  name: sql`lower(${stores.name})`,
  url: sql`lower(${stores.url})`,
  part_count: stores.part_count,
};

export async function listStores(db: Database, page: StoreListPage) {
  const order = page.direction === 'asc' ? asc : desc;
  return db
    .select(storeColumns)
    .from(stores)
    .where(searchCondition(page.searchTerm))
    .orderBy(order(SORT_KEYS[page.sortBy]), order(stores.store_id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countStores(db: Database, searchTerm?: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(stores).where(searchCondition(searchTerm));
  return row.total;
}

/** Every store's id and name, by name: the part form's store chooser. */
export async function listStoreOptions(db: Database) {
  return db
    .select({ store_id: stores.store_id, name: stores.name })
    .from(stores)
    .orderBy(asc(sql`lower(${stores.name})`), asc(stores.store_id));
}

/** A URL as stores are told apart: lower case, without trailing slashes. */
const urlKey = (url: SQL | string) => sql`rtrim(lower(${url}), '/')`;

/**
 * Which of a store's name (ignoring case) and URL (ignoring case and a trailing slash) another store already
 * has. Takes a transaction-scoped lock first, so two admins saving look-alike stores at once are serialised.
 */
export async function findStoreClashes(db: Database, row: { name: string; url: string }, exceptId?: number) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('battledeck:stores'))`);
  const other = exceptId === undefined ? sql`true` : sql`${stores.store_id} <> ${exceptId}`;
  const [clash] = await db
    .select({
      name: sql<boolean>`bool_or(lower(${stores.name}) = lower(${row.name}))`,
      url: sql<boolean>`bool_or(${urlKey(sql`${stores.url}`)} = ${urlKey(row.url)})`,
    })
    .from(stores)
    .where(sql`${other} AND (lower(${stores.name}) = lower(${row.name}) OR ${urlKey(sql`${stores.url}`)} = ${urlKey(row.url)})`);
  return { name: clash?.name === true, url: clash?.url === true };
}

export async function insertStore(db: Database, row: { name: string; url: string }) {
  const [inserted] = await db.insert(stores).values(row).returning(storeColumns);
  return inserted;
}

export async function updateStore(db: Database, storeId: number, changes: { name: string; url: string }) {
  const [updated] = await db.update(stores).set(changes).where(eq(stores.store_id, storeId)).returning(storeColumns);
  return updated;
}

/** Deletes a store; its part links go with it (ON DELETE CASCADE). Returns whether it existed. */
export async function deleteStore(db: Database, storeId: number): Promise<boolean> {
  const deleted = await db.delete(stores).where(eq(stores.store_id, storeId)).returning({ store_id: stores.store_id });
  return deleted.length > 0;
}

/** Which of the ids are stores (to refuse links to unknown ones with a clear message). */
export async function existingStoreIds(db: Database, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ store_id: stores.store_id }).from(stores).where(inArray(stores.store_id, [...ids]));
  return new Set(rows.map((r) => r.store_id));
}

export async function countStoreLinks(db: Database, storeId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(part_stores).where(eq(part_stores.store_id, storeId));
  return row.total;
}

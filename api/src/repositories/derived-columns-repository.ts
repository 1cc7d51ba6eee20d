import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { MONITOR_TYPE_PATH } from '@battledeck/shared/contract';
import type { Database } from '../db/database';
import {
  battlestation_images,
  battlestation_parts,
  battlestations,
  favorites,
  part_stores,
  part_types,
  parts,
  stores,
  users,
} from '../db/schema';
import type { BattlestationChanges } from './battlestations-repository';

/**
 * Recomputes denormalised columns from the rows they summarise. Call inside the transaction that changed
 * the rows. The target rows are locked first, so a concurrent writer waits and its own recount (a new
 * statement, hence a new snapshot) sees this transaction's rows: no lost updates.
 * Pass 'all' to rebuild every row (seeding, repairs).
 */
export type Ids = readonly number[] | 'all';

function scope(column: PgColumn, ids: Ids): SQL | undefined {
  return ids === 'all' ? undefined : inArray(column, [...ids]);
}

/**
 * The counters are non-key columns, so their rows are locked as an UPDATE of them would lock them (NO KEY
 * UPDATE): a link's foreign-key check (KEY SHARE) on the same row does not wait for it, nor it for the link.
 */
async function lockRows(
  db: Database,
  table: typeof battlestations | typeof parts | typeof stores,
  column: PgColumn,
  ids: Ids,
  strength: 'no key update' | 'update' = 'no key update',
) {
  if (ids === 'all') return;
  await db.select({ id: column }).from(table).where(inArray(column, [...ids])).orderBy(asc(column)).for(strength);
}

/**
 * Locks parts whose battlestation_count a transaction will refresh, in id order, as late as it can: just
 * before its first write to the rows every save shares (the kept totals of decision 013), which come after
 * the parts in every writer, so a second writer waits instead of deadlocking, and only for the first one's
 * last statements. Linking before it is fine: see lockRows. A merge, which deletes a part, locks both parts
 * FOR UPDATE instead (`strength`), so a save that has not linked them yet waits for it.
 */
export async function lockPartsForCounts(db: Database, ids: readonly number[], strength: 'no key update' | 'update' = 'no key update'): Promise<void> {
  if (ids.length > 0) await lockRows(db, parts, parts.part_id, ids, strength);
}


/**
 * image_count, part_count, favorites, thumbnail (first photo), search_text, and the desk properties derived
 * from the rows (decision 017): monitor_count (the owner's correction, else the Monitor parts), palette and
 * colour_families (the first photo's). `pending` are columns the same UPDATE writes: its SET expressions read
 * the row as it was, so the new values are used directly.
 */
function derivedColumns(pending: BattlestationChanges = {}) {
  const id = battlestations.battlestation_id;
  const name = pending.name === undefined ? battlestations.name : sql`${pending.name}::text`;
  const description = pending.description === undefined ? battlestations.description : sql`${pending.description}::text`;
  const monitorCountManual = pending.monitor_count_manual === undefined ? battlestations.monitor_count_manual : sql`${pending.monitor_count_manual}::int`;
  const firstPhoto = (column: PgColumn) => sql`coalesce((SELECT ${column} FROM ${battlestation_images}
    WHERE ${battlestation_images.battlestation_id} = ${id}
    ORDER BY ${battlestation_images.display_order}, ${battlestation_images.image_id} LIMIT 1), '{}'::text[])`;
  return {
    image_count: sql`(SELECT count(*) FROM ${battlestation_images} WHERE ${battlestation_images.battlestation_id} = ${id})`,
    part_count: sql`(SELECT count(*) FROM ${battlestation_parts} WHERE ${battlestation_parts.battlestation_id} = ${id})`,
    favorites: sql`(SELECT count(*) FROM ${favorites} WHERE ${favorites.battlestation_id} = ${id})`,
    thumbnail: sql`(SELECT ${battlestation_images.image} FROM ${battlestation_images}
      WHERE ${battlestation_images.battlestation_id} = ${id}
      ORDER BY ${battlestation_images.display_order}, ${battlestation_images.image_id} LIMIT 1)`,
    palette: firstPhoto(battlestation_images.palette),
    colour_families: firstPhoto(battlestation_images.colour_families),
    monitor_count: sql`coalesce(${monitorCountManual}, (SELECT count(*) FROM ${battlestation_parts}
      JOIN ${parts} ON ${parts.part_id} = ${battlestation_parts.part_id}
      JOIN ${part_types} ON ${part_types.type_id} = ${parts.type_id}
      WHERE ${battlestation_parts.battlestation_id} = ${id} AND ${part_types.type_path} = ${MONITOR_TYPE_PATH}))`,
    // What search matches (decision 16): name, username, part names, description; in lower case, for LIKE.
    search_text: sql`lower(concat_ws(' ', ${name},
      (SELECT ${users.username} FROM ${users} WHERE ${users.user_id} = ${battlestations.user_id}),
      (SELECT string_agg(${parts.name}, ' ' ORDER BY ${parts.name}) FROM ${battlestation_parts}
        JOIN ${parts} ON ${parts.part_id} = ${battlestation_parts.part_id}
        WHERE ${battlestation_parts.battlestation_id} = ${id}),
      ${description}))`,
  };
}

/** Refreshes the derived columns (derivedColumns) of the given stations, locked first in id order. */
export async function refreshBattlestationDerived(db: Database, ids: Ids): Promise<void> {
  if (ids !== 'all' && ids.length === 0) return;
  await lockRows(db, battlestations, battlestations.battlestation_id, ids);
  await db.update(battlestations).set(derivedColumns()).where(scope(battlestations.battlestation_id, ids));
}

/**
 * An edit's one write to its station, already locked: the column changes and every derived column in one
 * statement. The kept rows its triggers write (words, filters, fence posts) are then written once, in their
 * key order, and a station made public counts only its new words.
 */
export async function saveStationWithDerived(db: Database, id: number, changes: BattlestationChanges): Promise<void> {
  await db
    .update(battlestations)
    .set({ ...changes, updated_date: sql`now()`, ...derivedColumns(changes) })
    .where(inArray(battlestations.battlestation_id, [id]));
}

/**
 * parts.battlestation_count: public battlestations listing the part (decision 7). Unlike the others it does
 * not lock its rows: every writer has locked them already, at its place in the lock order (lockPartsForCounts).
 */
export async function refreshPartCounts(db: Database, ids: Ids): Promise<void> {
  if (ids !== 'all' && ids.length === 0) return;
  await db
    .update(parts)
    .set({
      battlestation_count: sql`(SELECT count(*) FROM ${battlestation_parts}
        JOIN ${battlestations} ON ${battlestations.battlestation_id} = ${battlestation_parts.battlestation_id}
        WHERE ${battlestation_parts.part_id} = ${parts.part_id} AND ${battlestations.is_public})`,
    })
    .where(scope(parts.part_id, ids));
}

/**
 * parts.battlestation_count moved by what one save changed (+1 for each public link it added, -1 for each it
 * took away), where refreshPartCounts counts every public station listing the part again: a popular part's
 * recount read all its stations (21 ms for 5,790 at 100,000) while every other save of that part waited on its
 * counter lock. Exact because every writer of links and visibility holds that lock (lockPartsForCounts).
 */
export async function addToPartCounts(db: Database, deltas: ReadonlyMap<number, number>): Promise<void> {
  const moved = [...deltas].filter(([, delta]) => delta !== 0);
  if (moved.length === 0) return;
  const rows = sql.join(
    moved.map(([partId, delta]) => sql`(${partId}::int, ${delta}::int)`),
    sql`, `,
  );
  await db.execute(sql`UPDATE ${parts} SET battlestation_count = ${parts.battlestation_count} + d.delta
    FROM (VALUES ${rows}) AS d(part_id, delta) WHERE ${parts.part_id} = d.part_id`);
}

/** stores.part_count: parts linked to the store. */
export async function refreshStoreCounts(db: Database, ids: Ids): Promise<void> {
  if (ids !== 'all' && ids.length === 0) return;
  await lockRows(db, stores, stores.store_id, ids);
  await db
    .update(stores)
    .set({
      part_count: sql`(SELECT count(*) FROM ${part_stores} WHERE ${part_stores.store_id} = ${stores.store_id})`,
    })
    .where(scope(stores.store_id, ids));
}

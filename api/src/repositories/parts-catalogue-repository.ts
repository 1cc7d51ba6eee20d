import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Direction, PartSort } from '@battledeck/shared/contract';
import { PgTransaction, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import { plannedOn } from '../db/planned';
import { preparedStatement } from '../db/prepared';
import { battlestation_parts, battlestations, part_requests, part_stores, part_type_counts, part_types, parts, store_link_checks, stores, users } from '../db/schema';
import { rowsOf } from '../db/rows';
import { battlestationCardColumns, isPublicStation, pageSizeLiteral, type BattlestationCardRow } from './battlestations-repository';
import type { SearchTerm } from './search-words-repository';
import { brokenWhere } from './store-link-checks-repository';

/**
 * The public, read side of the parts catalogue: lists, search, a part with its store links, the public
 * battlestations using a part, and the picker's suggestions. Every ORDER BY matches an index of
 * schema.ts (sort columns are NOT NULL and end with the primary key, the stable tie-break).
 */

/**
 * How alike a search word and part of a name must be to count as a typo of it (pg_trgm word_similarity,
 * 0 to 1). 0.45 lets 'corsiar' find Corsair (0.5) and 'vengance' Vengeance (0.58) while 'gpu' does not
 * match GeForce (0.25).
 */
export const TYPO_THRESHOLD = 0.45;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Runs a search in a transaction set up for the trigram indexes (settings end with the transaction):
 * - `<%` uses TYPO_THRESHOLD;
 * - when every word has a trigram (see allowsTypos), sequential scans are off. The planner costs `<%` and
 *   ILIKE like cheap comparisons and would rather compute word similarity on every row (about 340 ms on
 *   100,000 parts) than combine the GIN indexes (10-50 ms). A word without a trigram cannot use those
 *   indexes, so then the planner keeps its choice.
 */
export async function withTypoTolerance<T>(db: Database, words: string[], work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`);
    if (words.length > 0 && words.every(allowsTypos)) await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true)`);
    return work(tx);
  });
}

/**
 * Typos are only looked for in words with 3 letters or digits in a row: shorter ones have too few
 * trigrams for a fair similarity (and pg_trgm splits words at anything else), so they must appear as written.
 */
export function allowsTypos(word: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(word);
}

/** A word inside a column as written, ignoring case. */
const contains = (column: AnyPgColumn, word: string): SQL => sql`${column} ILIKE ${`%${escapeLike(word)}%`}`;

/** A word matching a column: as a substring ignoring case or, when it allows typos, as a close word. */
function matches(column: AnyPgColumn, word: string): SQL {
  return allowsTypos(word) ? sql`(${contains(column, word)} OR ${word} <% ${column})` : contains(column, word);
}

/** The words of a search, at most 10 (more only slow the query down without narrowing it much). */
export function searchWords(term: string): string[] {
  return term.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
}

export async function findPartTypeId(db: Database, ref: { path: string } | { id: number }): Promise<number | undefined> {
  const [row] = await db
    .select({ type_id: part_types.type_id })
    .from(part_types)
    .where('path' in ref ? eq(part_types.type_path, ref.path) : eq(part_types.type_id, ref.id))
    .limit(1);
  return row?.type_id;
}

const summaryColumns = {
  part_id: parts.part_id,
  name: parts.name,
  type_id: parts.type_id,
  type_name: part_types.type_name,
  type_path: part_types.type_path,
  manufacturer: parts.manufacturer,
  image: parts.image,
  image_width: parts.image_width,
  image_height: parts.image_height,
  image_widths: parts.image_widths,
  battlestation_count: parts.battlestation_count,
};
export interface PartSummaryRow {
  part_id: number;
  name: string;
  type_id: number;
  type_name: string;
  type_path: string;
  manufacturer: string;
  image: string;
  image_width: number | null;
  image_height: number | null;
  image_widths: number[] | null;
  battlestation_count: number;
}

export interface PartListFilter {
  typeId?: number;
  /**
   * Each must match (decision 015): a word of the part's name or manufacturer among `anyOf`, and `text` as
   * written (or as a close word) in the name or the manufacturer; call inside withTypoTolerance.
   */
  terms?: SearchTerm[];
}

export interface PartListPage extends PartListFilter {
  sortBy: PartSort;
  direction: Direction;
  limit: number;
  offset: number;
}

function listCondition(filter: PartListFilter): SQL | undefined {
  return and(
    filter.typeId === undefined ? undefined : eq(parts.type_id, filter.typeId),
    ...(filter.terms ?? []).flatMap(({ anyOf, text }) => [
      ...(anyOf ? [sql`${parts.search_tokens} && ARRAY[${sql.join(anyOf.map((word) => sql`${word}`), sql`, `)}]::text[]`] : []),
      ...(text !== undefined ? [or(matches(parts.name, text), matches(parts.manufacturer, text))] : []),
    ]),
  );
}

/**
 * Matches this few are read whole from the words' index and sorted: bounded work, wherever they sit in the
 * sort order. Walking the sort's index instead stops after a page of matches, fast when they are spread
 * evenly, but a part's name starts with its maker, so for a brand late in the alphabet the walk passed every
 * part before it (24-37 ms for 'steelseries' at 100,000 stations, 4.3 ms read whole; decision 024).
 */
export const READ_WHOLE_MATCHES = 8000;

/** One page of parts: by name ignoring case (parts_name_idx) or by public battlestation count (parts_count_idx). */
export async function listParts(db: Database, page: PartListPage): Promise<PartSummaryRow[]> {
  return partsPageQuery(db, page);
}

/** The statement of listParts (its plan is checked in api/test/postgres-only/parts-search-plans.test.ts). */
export function partsPageQuery(db: Database, page: PartListPage) {
  const order = page.direction === 'asc' ? asc : desc;
  const fewMatches = Math.min(...(page.terms ?? []).map((term) => term.uses ?? Infinity)) <= READ_WHOLE_MATCHES;
  // The same order written so that no index serves it: PostgreSQL then sorts the matches instead of walking.
  const sortColumn =
    page.sortBy === 'name'
      ? fewMatches ? sql`(lower(${parts.name}) || '')` : sql`lower(${parts.name})`
      : fewMatches ? sql`(${parts.battlestation_count} + 0)` : parts.battlestation_count;
  return db
    .select(summaryColumns)
    .from(parts)
    .innerJoin(part_types, eq(part_types.type_id, parts.type_id))
    .where(listCondition(page))
    .orderBy(order(sortColumn), order(parts.part_id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * A page of the catalogue without search words and its kept total (decision 013) in one statement, prepared
 * once per database and sort: one round trip instead of two (issue 18: a round trip cost the API more CPU than
 * PostgreSQL spent on either query). The total is an uncorrelated subquery, run once and carried on each row.
 * The category is named by its path, looked up in the same statement. Undefined for an empty page (past the
 * end, or an unknown category: the caller takes the longer way) and inside a transaction.
 */
export async function listPartsWithKeptTotal(
  db: Database,
  page: Omit<PartListPage, 'terms' | 'typeId'> & { typePath?: string },
): Promise<{ rows: PartSummaryRow[]; total: number } | undefined> {
  if (db instanceof PgTransaction) return undefined;
  const rows = await preparedPartsPage(plannedOn(db), page.sortBy, page.direction, page.typePath !== undefined, page.limit).execute({
    offset: page.offset,
    typePath: page.typePath ?? '',
  });
  if (rows.length === 0) return undefined;
  return { rows: rows.map(({ kept_total: _total, ...part }) => part), total: Number(rows[0]!.kept_total) };
}

type PreparedPartsPage = { execute(values: { offset: number; typePath: string }): Promise<(PartSummaryRow & { kept_total: number })[]> };

/** Prepared per page size, the size written into it: run on the planned twin, its generic plan then walks the sort's index as the custom plans did (decision 024). */
function preparedPartsPage(db: Database, sortBy: PartSort, direction: Direction, inCategory: boolean, limit: number): PreparedPartsPage {
  const name = `parts_page_${sortBy}_${direction}_${inCategory ? 'category' : 'all'}_${limit}`;
  return preparedStatement<PreparedPartsPage>(db, name, (on) => {
    const order = direction === 'asc' ? asc : desc;
    const sortColumn = sortBy === 'name' ? sql`lower(${parts.name})` : parts.battlestation_count;
    const typeId = sql`(SELECT ${part_types.type_id} FROM ${part_types} WHERE ${part_types.type_path} = ${sql.placeholder('typePath')})`;
    const keptTotal = sql<number>`(SELECT coalesce(sum(${part_type_counts.parts}), 0)::int FROM ${part_type_counts}
      ${inCategory ? sql`WHERE ${part_type_counts.type_id} = ${typeId}` : sql``})`;
    return on
      .select({ ...summaryColumns, kept_total: keptTotal })
      .from(parts)
      .innerJoin(part_types, eq(part_types.type_id, parts.type_id))
      .where(inCategory ? eq(parts.type_id, typeId) : undefined)
      .orderBy(order(sortColumn), order(parts.part_id))
      .limit(pageSizeLiteral(limit))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
}

/**
 * How many parts the filtered catalogue holds. Without search words it is the count the database keeps per
 * category (`part_type_counts`, decision 013): one row, or a sum over the categories, instead of a count of
 * every part (2 ms at 20,000).
 */
export async function countParts(db: Database, filter: PartListFilter): Promise<number> {
  if (!filter.terms?.length) {
    const [kept] = await db
      .select({ total: sql<number>`coalesce(sum(${part_type_counts.parts}), 0)::int` })
      .from(part_type_counts)
      .where(filter.typeId === undefined ? undefined : eq(part_type_counts.type_id, filter.typeId));
    return Number(kept?.total ?? 0);
  }
  const [row] = await db.select({ total: count() }).from(parts).where(listCondition(filter));
  return row.total;
}

export interface PartDetailRow extends PartSummaryRow {
  manufacturer_url: string | null;
}

export async function findPartDetail(db: Database, partId: number): Promise<PartDetailRow | undefined> {
  const statement = preparedStatement(db, 'part_detail', (on) =>
    on
      .select({ ...summaryColumns, manufacturer_url: parts.manufacturer_url })
      .from(parts)
      .innerJoin(part_types, eq(part_types.type_id, parts.type_id))
      .where(eq(parts.part_id, sql.placeholder('id')))
      .prepare('part_detail'),
  );
  const [row] = await statement.execute({ id: partId });
  return row;
}

/**
 * Where to buy a part: each store's name and the part's page there, by store name; `link_broken` when the
 * link checker found this very URL failing twice in a row (issue 20 item 5).
 */
export async function listPartStoreLinks(db: Database, partId: number) {
  const statement = preparedStatement(db, 'part_store_links', (on) =>
    on
      .select({
        store_id: stores.store_id,
        store_name: stores.name,
        url: part_stores.url,
        link_broken: sql<boolean>`coalesce(${brokenWhere}, false)`,
      })
      .from(part_stores)
      .innerJoin(stores, eq(stores.store_id, part_stores.store_id))
      .leftJoin(store_link_checks, and(eq(store_link_checks.part_id, part_stores.part_id), eq(store_link_checks.store_id, part_stores.store_id)))
      .where(eq(part_stores.part_id, sql.placeholder('id')))
      .orderBy(sql`lower(${stores.name})`, asc(stores.store_id))
      .prepare('part_store_links'),
  );
  const rows = await statement.execute({ id: partId });
  // Only a broken link carries the flag: the answer of a healthy part stays as it was.
  return rows.map(({ link_broken, ...link }) => (link_broken ? { ...link, link_broken } : link));
}

/** Public battlestations listing a part, newest first (decision 17). */
export async function listPartBattlestations(db: Database, partId: number, limit: number, offset: number): Promise<BattlestationCardRow[]> {
  return db
    .select(battlestationCardColumns)
    .from(battlestation_parts)
    .innerJoin(battlestations, eq(battlestations.battlestation_id, battlestation_parts.battlestation_id))
    .innerJoin(users, eq(users.user_id, battlestations.user_id))
    .where(and(eq(battlestation_parts.part_id, partId), isPublicStation))
    .orderBy(desc(battlestations.created_date), desc(battlestations.battlestation_id))
    .limit(limit)
    .offset(offset);
}

export interface SuggestionRow {
  part_id: number;
  name: string;
  type_name: string;
  type_path: string;
}

const suggestionColumns = { part_id: parts.part_id, name: parts.name, type_name: part_types.type_name, type_path: part_types.type_path };

/**
 * Names matching a term, best first: the name starts with the term, then a word of it does, then it contains
 * the term, then (with `typos`, inside withTypoTolerance) typo-tolerant matches, the closest first; then by name.
 */
export async function suggestParts(db: Database, options: { typeId?: number; term: string; limit: number; typos: boolean }): Promise<SuggestionRow[]> {
  const term = options.term.toLowerCase();
  const pattern = escapeLike(term);
  const rank = sql`CASE
    WHEN lower(${parts.name}) LIKE ${`${pattern}%`} THEN 0
    WHEN lower(${parts.name}) LIKE ${`% ${pattern}%`} THEN 1
    WHEN lower(${parts.name}) LIKE ${`%${pattern}%`} THEN 2
    ELSE 3 END`;
  // Among typo matches the closest first; every other match counts as exact.
  const closeness = sql`CASE WHEN lower(${parts.name}) LIKE ${`%${pattern}%`} THEN 1 ELSE word_similarity(${term}, ${parts.name}) END DESC`;
  return db
    .select(suggestionColumns)
    .from(parts)
    .innerJoin(part_types, eq(part_types.type_id, parts.type_id))
    .where(and(options.typeId === undefined ? undefined : eq(parts.type_id, options.typeId), options.typos ? matches(parts.name, term) : contains(parts.name, term)))
    .orderBy(rank, closeness, sql`lower(${parts.name})`, asc(parts.part_id))
    .limit(options.limit);
}

/**
 * The first names starting with a term, in suggestParts' order for them (its rank 0): gathered from
 * parts_name_prefix_idx alone (an index-only scan: migration 0031 puts the columns read here in the index) and
 * sorted apart, materialised so the planner does not walk the whole name index instead. A brand's first
 * letters match thousands of names at scale, each on its own heap page otherwise ('no' at 200,000 parts:
 * 69 -> 9 ms). The type's names are joined to the page only.
 */
export function partsStartingWithQuery(options: { typeId?: number; term: string; limit: number }): SQL {
  const prefix = `${escapeLike(options.term.toLowerCase())}%`;
  const ofType = options.typeId === undefined ? sql`` : sql` AND ${parts.type_id} = ${options.typeId}`;
  return sql`WITH starting AS MATERIALIZED (
        SELECT ${parts.part_id}, ${parts.name}, ${parts.type_id}, lower(${parts.name}) AS sort_name FROM ${parts}
        WHERE lower(${parts.name}) LIKE ${prefix}${ofType}),
      first AS (SELECT * FROM starting ORDER BY sort_name, part_id LIMIT ${options.limit})
      SELECT first.part_id, first.name, ${part_types.type_name}, ${part_types.type_path}
      FROM first JOIN ${part_types} ON ${part_types.type_id} = first.type_id
      ORDER BY first.sort_name, first.part_id`;
}

export async function suggestPartsStartingWith(db: Database, options: { typeId?: number; term: string; limit: number }): Promise<SuggestionRow[]> {
  return rowsOf<SuggestionRow>(db, partsStartingWithQuery(options));
}

/** Without a term: the most used parts (of a type), most used first (parts_type_count_idx / parts_count_idx). */
export async function popularParts(db: Database, options: { typeId?: number; limit: number }): Promise<SuggestionRow[]> {
  return db
    .select(suggestionColumns)
    .from(parts)
    .innerJoin(part_types, eq(part_types.type_id, parts.type_id))
    .where(options.typeId === undefined ? undefined : eq(parts.type_id, options.typeId))
    .orderBy(desc(parts.battlestation_count), desc(parts.part_id))
    .limit(options.limit);
}

export type PartRequestRow = typeof part_requests.$inferSelect;

/** A user's suggestion of a missing part, pending until staff approve it. */
export async function insertPartRequest(db: Database, row: { name: string; url: string; user_id: string }): Promise<PartRequestRow> {
  const [inserted] = await db.insert(part_requests).values({ ...row, status: 'pending' }).returning();
  return inserted;
}

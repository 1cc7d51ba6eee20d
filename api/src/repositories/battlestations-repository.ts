import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PgTransaction, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import { plannedOn } from '../db/planned';
import { preparedStatement } from '../db/prepared';
import { battlestation_images, battlestation_parts, battlestations, favorites, part_types, parts, photo_hotspots, station_counts, station_facet_counts, station_page_fences, station_search, users } from '../db/schema';
import { escapeLike } from './parts-catalogue-repository';
import type { SearchTerm } from './search-words-repository';

export type BattlestationRow = typeof battlestations.$inferSelect;
export type NewBattlestationRow = typeof battlestations.$inferInsert;

/** Written as the bare column so the planner matches the partial `WHERE is_public` indexes. */
export const isPublicStation = sql`${battlestations.is_public}`;

/**
 * The first photo's size and width copies (issue 17), from its row (unique on `image`); null without photos.
 * A correlated subquery rather than a join, so every list keeps its own plan.
 */
const thumbnailSize = sql<PhotoSizeRow | string | null>`(SELECT json_build_object('width', ${battlestation_images.width},
    'height', ${battlestation_images.height}, 'widths', coalesce(${battlestation_images.widths}, '{}'::int[]))
  FROM ${battlestation_images} WHERE ${battlestation_images.image} = ${battlestations.thumbnail})`;

export interface PhotoSizeRow {
  width: number;
  height: number;
  widths: number[];
}

/** The columns of a card (SPEC §3 "Battlestation summary/card"); join `users` to use it. */
export const battlestationCardColumns = {
  battlestation_id: battlestations.battlestation_id,
  name: battlestations.name,
  username: users.username,
  created_date: battlestations.created_date,
  image_count: battlestations.image_count,
  part_count: battlestations.part_count,
  thumbnail: battlestations.thumbnail,
  thumbnail_size: thumbnailSize,
  favorites: battlestations.favorites,
  is_public: battlestations.is_public,
};
export interface BattlestationCardRow {
  battlestation_id: number;
  name: string;
  username: string;
  created_date: Date;
  image_count: number;
  part_count: number;
  thumbnail: string | null;
  /** JSON; a driver may hand it over as text (see toBattlestationCard). */
  thumbnail_size: PhotoSizeRow | string | null;
  favorites: number;
  is_public: boolean;
}

/** Public stations, most favorited first, newest first among equals (decision 8). */
export function featuredQuery(db: Database, limit: number) {
  return db
    .select(battlestationCardColumns)
    .from(battlestations)
    .innerJoin(users, eq(users.user_id, battlestations.user_id))
    .where(isPublicStation)
    .orderBy(desc(battlestations.favorites), desc(battlestations.created_date), desc(battlestations.battlestation_id))
    .limit(limit);
}

export async function listFeaturedBattlestations(db: Database, limit: number): Promise<BattlestationCardRow[]> {
  return featuredQuery(db, limit);
}

// ---- The public list (GET /battlestations) ----

export type PublicListSort = 'name' | 'favorites' | 'created_date';

export interface PublicListQuery {
  sortBy: PublicListSort;
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
  /** Words that must all match (see searchCondition). */
  terms: SearchTerm[];
  /** Filter tokens the station must all hold (decision 017; see facetCondition). */
  facets?: readonly string[];
  /** Gather the matches and sort them rather than walk a sort index (see battlestationOrder). */
  gather?: boolean;
}

// search_text is stored in lower case: LIKE on the lower-cased word finds what ILIKE would, three times faster.
const containsText = (text: string) => sql`${battlestations.search_text} LIKE lower(${`%${escapeLike(text)}%`})`;
const holdsOneOf = (words: readonly string[], tokens: AnyPgColumn = battlestations.search_tokens) =>
  sql`${tokens} && ARRAY[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]`;

/** Every term must match; the words are served by the partial GIN index on search_tokens. */
function searchCondition(terms: SearchTerm[]): SQL | undefined {
  if (terms.length === 0) return undefined;
  return and(
    ...terms.flatMap(({ anyOf, text }) => [...(anyOf ? [holdsOneOf(anyOf)] : []), ...(text !== undefined ? [containsText(text)] : [])]),
  );
}

/** Every filter token must be held ('monitors:2', 'use:gaming'…); served by the partial GIN index on facets. */
export function facetCondition(facets: readonly string[], held: AnyPgColumn = battlestations.facets): SQL | undefined {
  if (facets.length === 0) return undefined;
  return sql`${held} @> ARRAY[${sql.join(
    facets.map((token) => sql`${token}`),
    sql`, `,
  )}]::text[]`;
}

/** The public stations a list shows: the search's words and the filters. */
export const publicListCondition = (terms: SearchTerm[], facets: readonly string[] = []) =>
  and(isPublicStation, searchCondition(terms), facetCondition(facets));

/**
 * Where a count over a search's matches reads them: the narrow copy of the public stations' words and filter
 * tokens (`station_search`, migration 0024: half a station row, so many matches sit on half the pages) when
 * every term is matched by its words; the stations themselves when a term needs the text.
 */
export function searchMatches(terms: SearchTerm[], facets: readonly string[] = []) {
  const words = terms.map((term) => (term.text === undefined ? term.anyOf : undefined));
  if (terms.length > 0 && words.every((anyOf) => anyOf !== undefined)) {
    const copy = station_search;
    return { table: copy, facets: copy.facets, where: and(...words.map((anyOf) => holdsOneOf(anyOf!, copy.search_tokens)), facetCondition(facets, copy.facets)) };
  }
  return { table: battlestations, facets: battlestations.facets, where: publicListCondition(terms, facets) };
}

/**
 * Each sort follows a station index column for column (the partial `WHERE is_public` ones for the public
 * list, the full ones for the admin list), every column in the same direction, so a forward or backward
 * index scan returns the page without sorting; the id is the tie-break that keeps paging stable.
 *
 * `byIndex: false` orders by the same values written as expressions no index holds: for a search with few
 * matches, walking a sort index and skipping every row that does not match costs far more than gathering the
 * matches from the search index and sorting them (the planner cannot tell: it guesses how many rows match).
 */
export function battlestationOrder(sortBy: PublicListSort, direction: 'asc' | 'desc', byIndex = true): SQL[] {
  const dir = direction === 'asc' ? asc : desc;
  const key = (column: AnyPgColumn, noIndex: SQL) => dir(byIndex ? column : noIndex);
  const id = key(battlestations.battlestation_id, sql`${battlestations.battlestation_id} + 0`);
  const created = key(battlestations.created_date, sql`${battlestations.created_date} + interval '0 s'`);
  switch (sortBy) {
    case 'name':
      return [key(battlestations.name_key, sql`${battlestations.name_key} || ''`), id];
    case 'favorites':
      return [key(battlestations.favorites, sql`${battlestations.favorites} + 0`), created, id];
    case 'created_date':
      return [created, id];
  }
}

/**
 * What an unfiltered page's answer needs besides its cards, read by the page's own statement: the kept total
 * (decision 013) and the kept count of every filter value over all public stations (decision 017). Each is an
 * uncorrelated subquery PostgreSQL runs once; only the page's first row carries them, so the answer does not
 * repeat them row after row.
 */
const keptTotals = {
  kept_total: sql<number | null>`CASE WHEN row_number() OVER () = 1 THEN (SELECT ${station_counts.public_stations} FROM ${station_counts}) END`,
  kept_facets: sql<[string, number][] | string | null>`CASE WHEN row_number() OVER () = 1 THEN (SELECT coalesce(json_agg(json_build_array(
      ${station_facet_counts.facet}, ${station_facet_counts.public_stations})), '[]') FROM ${station_facet_counts}
    WHERE strpos(${station_facet_counts.facet}, '|') = 0) END`,
};

type PreparedPageRow = BattlestationCardRow & { kept_total: number | null; kept_facets: [string, number][] | string | null; fence_stations: number | null };

/** The columns of each sort before the id, as battlestationOrder orders them. */
const SORT_COLUMNS: Record<PublicListSort, AnyPgColumn[]> = {
  name: [battlestations.name_key],
  favorites: [battlestations.favorites, battlestations.created_date],
  created_date: [battlestations.created_date],
};

/**
 * The page of the unfiltered list for one sort, built and prepared once per database (preparedStatement, decision 013):
 * building the query was a fifth of the API's CPU on this route. Searches vary in their words and are built
 * each time. The page's ids come first, from the sort index alone, then the cards of just those rows.
 * A front page is prepared per page size, the size written into it, and runs on the planned twin (decision
 * 024): with a known LIMIT its generic plan is the nested loop over a dozen rows that every custom plan was.
 * `fenced`: a deep page, read from its fence post; its limit and offset are expressions of the kept counts
 * whatever the plan, so it stays where it was.
 */
function preparedPage(db: Database, sortBy: PublicListSort, direction: 'asc' | 'desc', page: { fenced: true } | { fenced: false; limit: number }) {
  const name = `public_page_${sortBy}_${direction}_${page.fenced ? 'fenced' : page.limit}`;
  return preparedStatement<PreparedPage>(page.fenced ? db : plannedOn(db), name, (on) => {
    const order = battlestationOrder(sortBy, direction);
    const { fence, page: ids } = page.fenced ? fencedPageIds(on, sortBy, direction) : { fence: undefined, page: frontPageIds(on, order, page.limit) };
    const fenceStations = fence
      ? sql<number | null>`CASE WHEN row_number() OVER () = 1 THEN (SELECT ${sql.identifier('fence_stations')} FROM ${fence}) END`
      : sql<number | null>`null::int`;
    return (fence ? on.with(fence) : on)
      .select({ ...battlestationCardColumns, ...keptTotals, fence_stations: fenceStations })
      .from(ids)
      .innerJoin(battlestations, eq(battlestations.battlestation_id, ids.id))
      .innerJoin(users, eq(users.user_id, battlestations.user_id))
      .orderBy(...order)
      .prepare(name);
  });
}
type PreparedPage = { execute(values: { limit: number; offset: number }): Promise<PreparedPageRow[]> };

/** drizzle writes an SQL limit or offset into the query as it is (a number would be sent as a parameter); its types only name numbers and placeholders. */
const rowCount = (expression: SQL) => expression as unknown as number;

/**
 * A page size written into a prepared statement rather than sent as a parameter: a generic plan that knows
 * the LIMIT keeps the nested loop over a dozen rows (decision 024). Only ever a validated size, checked here.
 */
export function pageSizeLiteral(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`not a page size: ${limit}`);
  return rowCount(sql.raw(String(limit)));
}

/** A page near the front: the sort index walked from its start, the page size written into the statement. */
function frontPageIds(db: Database, order: SQL[], limit: number) {
  return db
    .select({ id: sql<number>`${battlestations.battlestation_id}`.as('page_id') })
    .from(battlestations)
    .where(isPublicStation)
    .orderBy(...order)
    .limit(pageSizeLiteral(limit))
    .offset(sql.placeholder('offset'))
    .as('page');
}

/** The same columns in `station_page_fences` (decision 023). */
const FENCE_COLUMNS: Record<PublicListSort, AnyPgColumn[]> = {
  name: [station_page_fences.name_key],
  favorites: [station_page_fences.favorites, station_page_fences.created_date],
  created_date: [station_page_fences.created_date],
};

/**
 * The fence posts of a sort (decision 023) in its order: each post's keys (`fence_k0`…), its place, how many
 * public stations come before it, and its bucket's size.
 */
function fencePosts(db: Database, sortBy: PublicListSort) {
  const fenceKeys = [...FENCE_COLUMNS[sortBy], station_page_fences.battlestation_id];
  const fenceOrder = sql.join(fenceKeys, sql`, `);
  const fences = db
    .select({
      ...Object.fromEntries(fenceKeys.map((column, i) => [`k${i}`, sql`${column}`.as(`fence_k${i}`)])),
      place: sql<number>`row_number() OVER (ORDER BY ${fenceOrder})`.as('fence_place'),
      before: sql<number>`sum(${station_page_fences.stations}) OVER (ORDER BY ${fenceOrder}) - ${station_page_fences.stations}`.as('fence_before'),
      stations: sql<number>`${station_page_fences.stations}`.as('fence_stations'),
    })
    .from(station_page_fences)
    .where(eq(station_page_fences.sort, sortBy))
    .as('fences');
  return { fenceKeys, fences };
}

/**
 * A deep page's ids, in ascending sort order, from the nearest fence post (decision 023): the posts before the
 * page are added up (a few hundred kept rows) and the index walk starts at the last one at or before the page's
 * first row, so it skips at most a bucket's entries wherever the page is. A descending page is the same rows
 * counted from the other end. `fence` is that post, a CTE for the outer statement, which reports its size.
 */
function fencedPageIds(db: Database, sortBy: PublicListSort, direction: 'asc' | 'desc') {
  const offset = sql`${sql.placeholder('offset')}::int`;
  const limit = sql`${sql.placeholder('limit')}::int`;
  const total = sql`(SELECT ${station_counts.public_stations} FROM ${station_counts})`;
  const first = direction === 'asc' ? offset : sql`greatest(0, ${total} - ${offset} - ${limit})`;
  const count = direction === 'asc' ? limit : sql`greatest(0, least(${limit}, ${total} - ${offset}))`;
  const { fenceKeys, fences } = fencePosts(db, sortBy);
  const fence = db.$with('page_fence').as(db.select().from(fences).where(sql`${fences.before} <= ${first}`).orderBy(desc(fences.place)).limit(1));
  // One scalar subquery per key: PostgreSQL runs each once and compares the index's columns with the values.
  const stationKeys = [...SORT_COLUMNS[sortBy], battlestations.battlestation_id];
  const fenceValues = fenceKeys.map((_, i) => sql`(SELECT ${sql.identifier(`fence_k${i}`)} FROM ${fence})`);
  const page = db
    .select({ id: sql<number>`${battlestations.battlestation_id}`.as('page_id') })
    .from(battlestations)
    .where(and(isPublicStation, sql`(${sql.join(stationKeys, sql`, `)}) >= (${sql.join(fenceValues, sql`, `)})`))
    .orderBy(...battlestationOrder(sortBy, 'asc'))
    .limit(rowCount(count))
    .offset(rowCount(sql`${first} - (SELECT ${sql.identifier('fence_before')} FROM ${fence})`))
    .as('page');
  return { fence, page };
}

const cardOf = ({ kept_total: _total, kept_facets: _facets, fence_stations: _fence, ...card }: PreparedPageRow): BattlestationCardRow => card;

/** A page of the unfiltered list with the kept total and filter-value counts of its statement. */
export interface PageWithKeptTotals {
  rows: BattlestationCardRow[];
  total: number;
  /** Every filter token ('use:gaming'…) and how many public stations hold it. */
  facetCounts: Map<string, number>;
  /** For a page read from its fence post (decision 023): how many stations that post's bucket holds. */
  fenceStations?: number;
}

/**
 * A page of the unfiltered list and what its answer needs besides, in one round trip (issue 18: a round trip
 * cost the API more CPU than PostgreSQL spent on the query). Undefined for an empty page (past the end: the
 * caller asks for the totals on their own) and inside a transaction (no prepared statements there).
 */
export async function listPageWithKeptTotals(
  db: Database,
  query: Omit<PublicListQuery, 'terms' | 'facets' | 'gather'>,
  from: 'front' | 'fence' = 'front',
): Promise<PageWithKeptTotals | undefined> {
  if (db instanceof PgTransaction) return undefined;
  const page = from === 'fence' ? ({ fenced: true } as const) : ({ fenced: false, limit: query.limit } as const);
  const rows = await preparedPage(db, query.sortBy, query.direction, page).execute({ limit: query.limit, offset: query.offset });
  const first = rows.find((row) => row.kept_total !== null);
  if (!first) return undefined;
  // A driver may hand JSON over as text (see toBattlestationCard).
  const facets = typeof first.kept_facets === 'string' ? (JSON.parse(first.kept_facets) as [string, number][]) : (first.kept_facets ?? []);
  return {
    rows: rows.map(cardOf),
    total: Number(first.kept_total),
    facetCounts: new Map(facets.map(([token, count]) => [token, Number(count)])),
    ...(first.fence_stations === null ? {} : { fenceStations: Number(first.fence_stations) }),
  };
}

export async function listPublicBattlestations(db: Database, query: PublicListQuery): Promise<BattlestationCardRow[]> {
  const facets = query.facets ?? [];
  if (query.terms.length === 0 && facets.length === 0 && !(db instanceof PgTransaction)) {
    return (await preparedPage(db, query.sortBy, query.direction, { fenced: false, limit: query.limit }).execute({ limit: query.limit, offset: query.offset })).map(cardOf);
  }
  return (await pageOfMatches(db, query, battlestationOrder(query.sortBy, query.direction, !query.gather), false)).map(withoutMatches);
}

/**
 * A gathered page of a search and how many public stations match in all, from one pass over the matches (issue
 * 18): the count a search's total needs reads the very rows the gathering reads (at 1,000,000 stations 556 ms,
 * against 822 ms for the gathering and 930 ms for both at once, for two common words). Undefined past the last
 * match, where no row carries the total.
 */
export async function gatherPublicBattlestationsWithTotal(db: Database, query: PublicListQuery): Promise<{ rows: BattlestationCardRow[]; total: number } | undefined> {
  const rows = await pageOfMatches(db, query, battlestationOrder(query.sortBy, query.direction, false), true);
  if (rows.length === 0) return undefined;
  return { rows: rows.map(withoutMatches), total: Number(rows[0]!.matches) };
}

/**
 * A page of the stations matching the query's words and filters: the page's ids first, from the sort index
 * alone (an index-only scan skips the offset cheaply), then the cards of just those rows. `countMatches` adds
 * to each row how many match in all (a window over every match, which makes the sort a full one); `within`
 * narrows the matches further (a slice of the sort).
 */
function pageOfMatches(db: Database, query: PublicListQuery, order: SQL[], countMatches: boolean, within?: SQL) {
  const matches = countMatches ? sql<number | null>`count(*) OVER ()` : sql<number | null>`null::int`;
  const page = db
    .select({ id: sql<number>`${battlestations.battlestation_id}`.as('page_id'), matches: matches.as('page_matches') })
    .from(battlestations)
    .where(and(publicListCondition(query.terms, query.facets ?? []), within))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  return db
    .select({ ...battlestationCardColumns, matches: page.matches })
    .from(page)
    .innerJoin(battlestations, eq(battlestations.battlestation_id, page.id))
    .innerJoin(users, eq(users.user_id, battlestations.user_id))
    .orderBy(...order);
}

const withoutMatches = ({ matches: _matches, ...card }: BattlestationCardRow & { matches: number | null }): BattlestationCardRow => card;

/**
 * A search's page read along the sort index, giving up after `budget` public stations (issue 18): the walk is
 * chosen when matches look common enough to meet soon, but a word that sorts together ('neon' by name: the
 * stations named after it sit side by side) can leave a walk skipping tens of thousands of rows first
 * (58 ms at 100,000, 2 s at 1,000,000). Undefined when the page was not filled within the budget: gather.
 */
export async function walkPublicBattlestations(db: Database, query: PublicListQuery, budget: number): Promise<BattlestationCardRow[] | undefined> {
  const dir = query.direction === 'asc' ? asc : desc;
  // The sort's columns come out of the walk as they are, so PostgreSQL knows its rows are in order already: no
  // sort above it, and the walk stops as soon as the page is full (often long before the budget).
  const keys = SORT_COLUMNS[query.sortBy];
  const walked = db
    .select({
      ...Object.fromEntries(keys.map((column, i) => [`k${i}`, sql`${column}`.as(`walked_k${i}`)])),
      id: sql<number>`${battlestations.battlestation_id}`.as('walked_id'),
      hit: sql<boolean>`coalesce(${and(searchCondition(query.terms), facetCondition(query.facets ?? []))}, true)`.as('walked_hit'),
    })
    .from(battlestations)
    .where(isPublicStation)
    .orderBy(...keys.map((column) => dir(column)), dir(battlestations.battlestation_id))
    .limit(budget)
    .as('walked');
  const walkedKeys = walked as unknown as Record<string, SQL.Aliased>;
  const page = db
    .select({ id: sql<number>`${walked.id}`.as('page_id') })
    .from(walked)
    .where(sql`${walked.hit}`)
    .orderBy(...keys.map((_, i) => dir(sql`${walkedKeys[`k${i}`]}`)), dir(sql`${walked.id}`))
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  const rows = await db
    .select(battlestationCardColumns)
    .from(page)
    .innerJoin(battlestations, eq(battlestations.battlestation_id, page.id))
    .innerJoin(users, eq(users.user_id, battlestations.user_id))
    .orderBy(...battlestationOrder(query.sortBy, query.direction));
  return rows.length < query.limit ? undefined : rows;
}

/**
 * The fence post (decision 023) that bounds the first `stations` public stations by name in `direction`: the
 * stations before it (ascending) or from it on (descending) are at least that many, a prefix of the order.
 * Undefined when the posts cannot bound so many (fewer stations, or no posts).
 */
async function nameSliceBound(db: Database, direction: 'asc' | 'desc', stations: number) {
  const { fences } = fencePosts(db, 'name');
  const total = sql`(SELECT ${station_counts.public_stations} FROM ${station_counts})`;
  const [post] = await db
    .select({ nameKey: sql<string>`${sql.identifier('fence_k0')}`, id: sql<number>`${sql.identifier('fence_k1')}` })
    .from(fences)
    .where(direction === 'asc' ? sql`${fences.before} >= ${stations}` : sql`${fences.before} > 0 AND ${fences.before} <= ${total} - ${stations}`)
    .orderBy(direction === 'asc' ? asc(fences.before) : desc(fences.before))
    .limit(1);
  return post;
}

/**
 * A search's page by name gathered from a slice of the name order instead of from every match (decision 015,
 * 2026-11-28): the first `stations` public stations in the page's direction, combined with the words' index.
 * The names' words sort together ('studio' by name: its stations sit in runs), so a walk gives up, and
 * gathering every match of a common word read 200,000 rows at 1,000,000 stations (496 ms); a slice of 62,500
 * held 7,143 and took 47-103 ms. PostgreSQL combines the two indexes (BitmapAnd) only when plain index and
 * sequential scans are off for the statement, and keeps the words' bitmap exact (not page by page) only with
 * more `work_mem` than the default 4 MB: all three are set for this transaction alone. A slice is a prefix of
 * the order, so a full page from it is the page; undefined when it holds too few matches (widen or gather).
 */
export async function gatherFromNameSlice(db: Database, query: PublicListQuery, stations: number): Promise<BattlestationCardRow[] | undefined> {
  // Settings local to a transaction would outlast a savepoint and hold for the rest of a caller's transaction.
  if (db instanceof PgTransaction) return undefined;
  const bound = await nameSliceBound(db, query.direction, stations);
  if (!bound) return undefined;
  const keys = sql`(${battlestations.name_key}, ${battlestations.battlestation_id})`;
  const post = sql`(${bound.nameKey}::text, ${bound.id}::int)`;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('work_mem', '64MB', true)`);
    const slice = query.direction === 'asc' ? sql`${keys} < ${post}` : sql`${keys} >= ${post}`;
    return pageOfMatches(tx, query, battlestationOrder('name', query.direction, false), false, slice);
  });
  return rows.length < query.limit ? undefined : rows.map(withoutMatches);
}

/**
 * How many public stations match. Without words it is the total the database keeps (`station_counts`,
 * decision 013): one row instead of an index scan over every public station (13 ms at 100,000).
 */
export async function countPublicBattlestations(db: Database, terms: SearchTerm[], facets: readonly string[] = []): Promise<number> {
  if (terms.length === 0 && facets.length === 0) {
    const [kept] = await db.select({ total: station_counts.public_stations }).from(station_counts);
    if (kept) return kept.total;
  }
  const matches = searchMatches(terms, facets);
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(matches.table)
    .where(matches.where);
  return Number(row?.total ?? 0);
}

/**
 * A search's matches with and without the filters, in one pass over the matches: the filtered count is the
 * list's total, the other decides whether the filters' choices can be counted (two separate counts read the
 * same rows twice: 38 against 23 ms for two common words and a colour at 1,000,000 stations).
 */
export async function countSearchMatches(db: Database, terms: SearchTerm[], facets: readonly string[]): Promise<{ matches: number; filtered: number }> {
  const matches = searchMatches(terms);
  const [row] = await db
    .select({
      matches: sql<number>`count(*)::int`,
      filtered: sql<number>`(count(*) FILTER (WHERE ${facetCondition(facets, matches.facets) ?? sql`true`}))::int`,
    })
    .from(matches.table)
    .where(matches.where);
  return { matches: Number(row?.matches ?? 0), filtered: Number(row?.filtered ?? 0) };
}

// ---- One station ----

export interface BattlestationWithOwner extends BattlestationRow {
  username: string;
}

export async function findBattlestation(db: Database, id: number): Promise<BattlestationWithOwner | undefined> {
  const statement = preparedStatement(db, 'station_by_id', (on) =>
    on
      .select({ station: battlestations, username: users.username })
      .from(battlestations)
      .innerJoin(users, eq(users.user_id, battlestations.user_id))
      .where(eq(battlestations.battlestation_id, sql.placeholder('id')))
      .prepare('station_by_id'),
  );
  const [row] = await statement.execute({ id });
  return row ? { ...row.station, username: row.username } : undefined;
}

/** A photo of the station page, as the page query returns it. */
export interface StationPagePhoto {
  image: string;
  width: number;
  height: number;
  widths: number[];
  /** Its part markers (decision 020). */
  hotspots: { part_id: number; x: number; y: number }[];
}

/** A part of the station page, in the catalogue's category order, then by name. */
export interface StationPagePart {
  part_id: number;
  name: string;
  type_id: number;
  type_name: string;
  type_path: string;
}

export interface StationPageRow extends BattlestationWithOwner {
  photos: StationPagePhoto[];
  parts: StationPagePart[];
  favorited: boolean;
}

/**
 * Everything the station page shows, in one statement (issue 18: one round trip instead of four): the row,
 * its owner's name, its photos and parts as JSON arrays, and whether `uid` has favorited it. Prepared once
 * per database (preparedStatement).
 */
function stationPageQuery(db: Database) {
  // Each photo's markers (decision 020) ride along with it, in the order they were saved.
  const hotspots = sql`coalesce((SELECT json_agg(json_build_object('part_id', h.part_id, 'x', h.x, 'y', h.y) ORDER BY h.hotspot_id)
      FROM ${photo_hotspots} h WHERE h.image_id = i.image_id), '[]'::json)`;
  const photos = sql<StationPagePhoto[]>`coalesce((SELECT json_agg(json_build_object('image', i.image, 'width', i.width,
      'height', i.height, 'widths', coalesce(i.widths, '{}'::int[]), 'hotspots', ${hotspots}) ORDER BY i.display_order, i.image_id)
    FROM ${battlestation_images} i WHERE i.battlestation_id = ${battlestations.battlestation_id}), '[]'::json)`;
  const stationParts = sql<StationPagePart[]>`coalesce((SELECT json_agg(json_build_object('part_id', p.part_id, 'name', p.name,
      'type_id', t.type_id, 'type_name', t.type_name, 'type_path', t.type_path) ORDER BY t.type_id, lower(p.name), p.part_id)
    FROM ${battlestation_parts} bp JOIN ${parts} p ON p.part_id = bp.part_id JOIN ${part_types} t ON t.type_id = p.type_id
    WHERE bp.battlestation_id = ${battlestations.battlestation_id}), '[]'::json)`;
  const favorited = sql<boolean>`EXISTS (SELECT 1 FROM ${favorites} f
    WHERE f.user_id = ${sql.placeholder('uid')} AND f.battlestation_id = ${battlestations.battlestation_id})`;
  return db
    .select({ station: battlestations, username: users.username, photos, parts: stationParts, favorited })
    .from(battlestations)
    .innerJoin(users, eq(users.user_id, battlestations.user_id))
    .where(eq(battlestations.battlestation_id, sql.placeholder('id')));
}

/** The station page's row (see stationPageQuery); `uid` null for a visitor. */
export async function findStationPage(db: Database, id: number, uid: string | null): Promise<StationPageRow | undefined> {
  const query = preparedStatement(db, 'station_page', (on) => stationPageQuery(on).prepare('station_page'));
  const [row] = await query.execute({ id, uid: uid ?? '' });
  if (!row) return undefined;
  const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return { ...row.station, username: row.username, photos: json(row.photos), parts: json(row.parts), favorited: Boolean(row.favorited) };
}

/** Locks the station's row for the rest of the transaction (writers queue up behind each other). */
export async function lockBattlestation(tx: Database, id: number): Promise<BattlestationRow | undefined> {
  const [row] = await tx.select().from(battlestations).where(eq(battlestations.battlestation_id, id)).for('update');
  return row;
}

export async function insertBattlestations(db: Database, rows: NewBattlestationRow[]): Promise<BattlestationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(battlestations).values(rows).returning();
}

export type BattlestationChanges = Partial<Pick<BattlestationRow, 'name' | 'description' | 'instagram_url' | 'reddit_url' | 'is_public' | 'main_uses' | 'monitor_count_manual'>>;

export async function updateBattlestation(tx: Database, id: number, changes: BattlestationChanges): Promise<void> {
  await tx
    .update(battlestations)
    .set({ ...changes, updated_date: sql`now()` })
    .where(eq(battlestations.battlestation_id, id));
}

/** Deletes the station; its photos, part links and favorites go with it (ON DELETE CASCADE). */
export async function deleteBattlestation(tx: Database, id: number): Promise<void> {
  await tx.delete(battlestations).where(eq(battlestations.battlestation_id, id));
}

// ---- Rows that belong to a station (used by the factories and the seed) ----

export async function insertBattlestationImages(db: Database, rows: (typeof battlestation_images.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(battlestation_images).values(rows);
}

export async function insertBattlestationParts(db: Database, rows: (typeof battlestation_parts.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(battlestation_parts).values(rows);
}

export async function insertFavorites(db: Database, rows: (typeof favorites.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(favorites).values(rows);
}

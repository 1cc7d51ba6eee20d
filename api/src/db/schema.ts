/**
 * The whole data model (SPEC §3 plus the decisions). Column names are the spec's snake_case field names,
 * so rows map onto the contract without renaming.
 *
 * Index notes:
 * - Every list sort column is NOT NULL, so a plain ascending b-tree serves both directions (a backward scan
 *   for DESC) and the drizzle-kit `DESC NULLS LAST` mismatch never arises.
 * - Each sort index ends with the primary key: the tie-break that keeps paging stable.
 * - Public lists only ever read `is_public` rows, so their indexes are partial.
 * - Search uses pg_trgm (created by the first migration) through GIN indexes.
 */
import type { StationChange } from '@battledeck/shared/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdDate = () => timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const counter = (name: string) => integer(name).notNull().default(0);

export const users = pgTable(
  'users',
  {
    /** The Firebase uid. */
    user_id: text().primaryKey(),
    username: text().notNull(),
    /**
     * The UTS #39 skeleton of the lower-cased username (api/src/lib/username-skeleton.ts): two names with the
     * same skeleton look alike, and the second is refused (decision 27). Null only between the migration that
     * added it and the start-up backfill.
     */
    username_skeleton: text(),
    email: text().notNull(),
    is_admin: boolean().notNull().default(false),
    is_moderator: boolean().notNull().default(false),
    created_date: createdDate(),
  },
  (t) => [
    // Usernames and e-mails are unique ignoring case (decision 13).
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_username_skeleton_idx').on(t.username_skeleton),
    index('users_created_idx').on(t.created_date, t.user_id),
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export const part_types = pgTable('part_types', {
  type_id: integer().primaryKey().generatedByDefaultAsIdentity(),
  type_name: text().notNull(),
  type_path: text().notNull().unique('part_types_type_path_key'),
});

export const parts = pgTable(
  'parts',
  {
    part_id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    type_id: integer()
      .notNull()
      .references(() => part_types.type_id, { onDelete: 'restrict' }),
    manufacturer: text().notNull(),
    manufacturer_url: text(),
    /** File name under images/parts/. */
    image: text().notNull(),
    /** The image's web copy size and width copies (issue 17); null until the start-up backfill has looked. */
    image_width: integer(),
    image_height: integer(),
    image_widths: integer().array(),
    /** Public battlestations listing this part (decision 7); kept by the services. */
    battlestation_count: counter('battlestation_count'),
    created_date: createdDate(),
    /** The words of the name and the manufacturer, for the catalogue search (decision 015); migration 0011's. */
    search_tokens: text()
      .array()
      .notNull()
      .generatedAlwaysAs(sql`part_search_tokens(name, manufacturer)`),
  },
  (t) => [
    index('parts_name_idx').on(sql`lower(${t.name})`, t.part_id),
    index('parts_count_idx').on(t.battlestation_count, t.part_id),
    index('parts_type_name_idx').on(t.type_id, sql`lower(${t.name})`, t.part_id),
    index('parts_type_count_idx').on(t.type_id, t.battlestation_count, t.part_id),
    index('parts_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // Names starting with a two-letter term (the part picker's first ask), which the trigram index cannot find
    // (decision 007's addendum); byte-wise, so a LIKE prefix is a range in any database collation. Migration
    // 0031 adds INCLUDE (part_id, name, type_id), which drizzle cannot declare: an index-only gathering.
    index('parts_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('parts_manufacturer_trgm_idx').using('gin', t.manufacturer.op('gin_trgm_ops')),
    index('parts_tokens_idx').using('gin', t.search_tokens),
    check('parts_battlestation_count_check', sql`${t.battlestation_count} >= 0`),
  ],
);

export const stores = pgTable(
  'stores',
  {
    store_id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    url: text().notNull(),
    /** Parts linked to this store; kept by the services. */
    part_count: counter('part_count'),
    created_date: createdDate(),
  },
  (t) => [
    index('stores_name_idx').on(sql`lower(${t.name})`, t.store_id),
    index('stores_url_idx').on(sql`lower(${t.url})`, t.store_id),
    index('stores_part_count_idx').on(t.part_count, t.store_id),
    index('stores_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('stores_part_count_check', sql`${t.part_count} >= 0`),
  ],
);

export const part_stores = pgTable(
  'part_stores',
  {
    part_id: integer()
      .notNull()
      .references(() => parts.part_id, { onDelete: 'cascade' }),
    store_id: integer()
      .notNull()
      .references(() => stores.store_id, { onDelete: 'cascade' }),
    url: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.part_id, t.store_id] }), index('part_stores_store_idx').on(t.store_id)],
);

export const battlestations = pgTable(
  'battlestations',
  {
    battlestation_id: integer().primaryKey().generatedByDefaultAsIdentity(),
    user_id: text()
      .notNull()
      .references(() => users.user_id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** Stored without the scheme (decision 10). */
    instagram_url: text(),
    reddit_url: text(),
    is_public: boolean().notNull().default(true),
    created_date: createdDate(),
    updated_date: timestamp('updated_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    image_count: counter('image_count'),
    part_count: counter('part_count'),
    favorites: counter('favorites'),
    /** File name of the first photo (display order 0), or null without photos. */
    thumbnail: text(),
    /** name + username + part names + description, rebuilt by the services whenever one of them changes. */
    search_text: text().notNull().default(''),
    /**
     * lower(name), stored: the name sort's index is then on a plain column, which allows index-only scans,
     * so a deep page skips its offset inside the index instead of visiting every row before it.
     */
    name_key: text()
      .notNull()
      .generatedAlwaysAs(sql`lower(name)`),
    /**
     * The distinct words of search_text (split at white space, ASCII punctuation trimmed from their ends), for
     * the public search's GIN index and the word vocabulary (decision 015). The function is migration 0009's.
     */
    search_tokens: text()
      .array()
      .notNull()
      .generatedAlwaysAs(sql`battlestation_search_tokens(search_text)`),
    /**
     * Desk properties (issue 19, decision 017). monitor_count is the owner's correction when they made one
     * (monitor_count_manual), else the station's Monitor parts; kept by the services with the other derived columns.
     */
    monitor_count: counter('monitor_count'),
    monitor_count_manual: integer(),
    /** What the desk is mainly for, any of MAIN_USES (shared contract), in that order. */
    main_uses: text().array().notNull().default(sql`'{}'::text[]`),
    /** The cover photo's palette (5 hex colours, most used first) and their colour families; kept by the services. */
    palette: text().array().notNull().default(sql`'{}'::text[]`),
    colour_families: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * The list filters' values as tokens ('monitors:2', 'use:gaming', 'colour:blue'), for one partial GIN index
     * that serves every combination of filters and the facet counts. The function is migration 0012's.
     */
    facets: text()
      .array()
      .notNull()
      .generatedAlwaysAs(sql`battlestation_facets(monitor_count, main_uses, colour_families)`),
  },
  (t) => [
    index('battlestations_public_facets_idx')
      .using('gin', t.facets)
      .where(sql`is_public`),
    index('battlestations_user_idx').on(t.user_id, t.created_date),
    index('battlestations_public_name_idx')
      .on(t.name_key, t.battlestation_id)
      .where(sql`is_public`),
    index('battlestations_public_favorites_idx')
      .on(t.favorites, t.created_date, t.battlestation_id)
      .where(sql`is_public`),
    // Discovery (decision 014): is a candidate public, and its tie-breakers, read from the index alone.
    index('battlestations_public_id_idx')
      .on(t.battlestation_id, t.favorites, t.created_date)
      .where(sql`is_public`),
    index('battlestations_public_created_idx')
      .on(t.created_date, t.battlestation_id)
      .where(sql`is_public`),
    // Admin lists read every station, private ones included.
    index('battlestations_created_idx').on(t.created_date, t.battlestation_id),
    index('battlestations_name_idx').on(t.name_key, t.battlestation_id),
    index('battlestations_favorites_idx').on(t.favorites, t.created_date, t.battlestation_id),
    index('battlestations_search_trgm_idx').using('gin', t.search_text.op('gin_trgm_ops')),
    index('battlestations_public_tokens_idx')
      .using('gin', t.search_tokens)
      .where(sql`is_public`),
    check(
      'battlestations_counts_check',
      sql`${t.image_count} >= 0 AND ${t.part_count} >= 0 AND ${t.favorites} >= 0`,
    ),
    check('battlestations_monitor_count_check', sql`${t.monitor_count_manual} BETWEEN 0 AND 12`),
  ],
);

export const battlestation_images = pgTable(
  'battlestation_images',
  {
    image_id: integer().primaryKey().generatedByDefaultAsIdentity(),
    battlestation_id: integer()
      .notNull()
      .references(() => battlestations.battlestation_id, { onDelete: 'cascade' }),
    /** File name under images/battlestations/; its thumbnail adds _thumb before the extension. */
    image: text().notNull().unique('battlestation_images_image_key'),
    display_order: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** The width copies written beside it (`_w480`…, issue 17); null until the start-up backfill has looked. */
    widths: integer().array(),
    /** The photo's 5-colour palette and colour families, extracted at upload (decision 017); null for older photos. */
    palette: text().array(),
    colour_families: text().array(),
    created_date: createdDate(),
  },
  (t) => [index('battlestation_images_order_idx').on(t.battlestation_id, t.display_order)],
);

export const battlestation_parts = pgTable(
  'battlestation_parts',
  {
    battlestation_id: integer()
      .notNull()
      .references(() => battlestations.battlestation_id, { onDelete: 'cascade' }),
    // A part in use cannot vanish silently: deleting it must first update the stations' counters.
    part_id: integer()
      .notNull()
      .references(() => parts.part_id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.battlestation_id, t.part_id] }),
    index('battlestation_parts_part_idx').on(t.part_id, t.battlestation_id),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    user_id: text()
      .notNull()
      .references(() => users.user_id, { onDelete: 'cascade' }),
    battlestation_id: integer()
      .notNull()
      .references(() => battlestations.battlestation_id, { onDelete: 'cascade' }),
    created_date: createdDate(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.battlestation_id] }),
    index('favorites_battlestation_idx').on(t.battlestation_id),
    index('favorites_user_created_idx').on(t.user_id, t.created_date),
  ],
);

export const PART_REQUEST_STATUS = ['pending', 'approved'] as const;

export const part_requests = pgTable(
  'part_requests',
  {
    request_id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    url: text().notNull(),
    status: text({ enum: PART_REQUEST_STATUS }).notNull().default('pending'),
    user_id: text().references(() => users.user_id, { onDelete: 'set null' }),
    created_date: createdDate(),
    /**
     * The part staff saved the request as (a new part, or an existing one updated from it), set on approval;
     * a merge moves it to the kept part (decision 021). Null while pending, for older rows, and once that
     * part is deleted.
     */
    part_id: integer().references(() => parts.part_id, { onDelete: 'set null' }),
  },
  (t) => [
    index('part_requests_part_idx').on(t.part_id),
    index('part_requests_status_idx').on(t.status, t.created_date, t.request_id),
    index('part_requests_user_idx').on(t.user_id),
    check('part_requests_status_check', sql`${t.status} IN ('pending', 'approved')`),
  ],
);

/**
 * Totals kept by the database itself (issue 18, decision 013): one row, written by statement triggers on
 * `battlestations` in the writing transaction, so an unfiltered list total is one row read instead of a
 * count over every public station, and as exact as a count.
 */
export const station_counts = pgTable(
  'station_counts',
  {
    only_row: boolean().primaryKey().default(true),
    public_stations: counter('public_stations'),
  },
  (t) => [check('station_counts_one_row', sql`${t.only_row}`)],
);

/**
 * Fence posts along each sort of the unfiltered public list (issue 18, decision 023): a fence is the sort key of
 * one public station and `stations` how many public stations sort from it up to the next fence. A deep page
 * adds up the fences before it (a few hundred rows) and walks from the nearest one, instead of skipping
 * hundreds of thousands of index entries. The counts are kept by statement triggers on `battlestations` in the
 * writing transaction (migration 0021), exact like `station_counts`; a bucket that grows too large is split.
 * The first fence of each sort (battlestation_id 0) holds keys below every station's.
 */
export const station_page_fences = pgTable(
  'station_page_fences',
  {
    fence_id: integer().primaryKey().generatedByDefaultAsIdentity(),
    sort: text().notNull(),
    name_key: text(),
    favorites: integer(),
    created_date: timestamp('created_date', { withTimezone: true, mode: 'date' }),
    battlestation_id: integer().notNull(),
    stations: counter('stations'),
  },
  (t) => [
    check('station_page_fences_sort_check', sql`(${t.sort} = 'name' AND ${t.name_key} IS NOT NULL) OR (${t.sort} = 'favorites' AND ${t.favorites} IS NOT NULL AND ${t.created_date} IS NOT NULL) OR (${t.sort} = 'created_date' AND ${t.created_date} IS NOT NULL)`),
    uniqueIndex('station_page_fences_name_idx').on(t.name_key, t.battlestation_id).where(sql`sort = 'name'`),
    uniqueIndex('station_page_fences_favorites_idx').on(t.favorites, t.created_date, t.battlestation_id).where(sql`sort = 'favorites'`),
    uniqueIndex('station_page_fences_created_idx').on(t.created_date, t.battlestation_id).where(sql`sort = 'created_date'`),
  ],
);

/**
 * A narrow copy of each public station's search words and filter tokens (decision 015, 2026-11-28): a count
 * over a search's matches reads each match's row, and `battlestations` rows are ~1.1 KB (about seven to a page);
 * these are ~560 bytes, so a count over many matches reads about half the pages. Kept by a row trigger on
 * `battlestations` in the writing transaction (migration 0024); only public stations have a row.
 */
export const station_search = pgTable(
  'station_search',
  {
    battlestation_id: integer().primaryKey(),
    search_tokens: text().array().notNull(),
    facets: text().array().notNull(),
  },
  (t) => [index('station_search_tokens_idx').using('gin', t.search_tokens)],
);

/**
 * How many public stations hold every word of a pair, or of a triple, of common vocabulary words (decision 015,
 * 2026-11-29): the total of a two-word search ('max setup'), of a word standing for two ('ultra': ultra,
 * ultrawide) and of such a word beside another ('office ultra', migration 0028) without a count over every
 * match. `word_c` is '' for a pair. Added the first time a large search asks for the words, then kept by
 * statement triggers on `battlestations` in the writing transaction (migrations 0027, 0028); `counted` is false
 * until the count of the stations that held the words before is added (migration 0032): until then the row
 * holds only the changes since it was added, and is no total.
 */
export const search_word_pairs = pgTable(
  'search_word_pairs',
  {
    word_a: text().notNull(),
    word_b: text().notNull(),
    word_c: text().notNull().default(''),
    public_stations: integer().notNull(),
    counted: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.word_a, t.word_b, t.word_c] }),
    check('search_word_pairs_order_check', sql`${t.word_a} < ${t.word_b} AND (${t.word_c} = '' OR ${t.word_b} < ${t.word_c})`),
  ],
);

/**
 * How many public stations hold every word of a quadruple (decision 015, 2026-11-29, migration 0030): with
 * `search_word_pairs`' pairs and triples, the total of two words each standing for two ('ultra air': ultra or
 * ultrawide, and air or corsair). A table of its own so that an instance of the release before, whose lookups
 * know three words, never finds two rows for one triple during a rolling deploy. Added, counted and kept like
 * `search_word_pairs`, by the same triggers.
 */
export const search_word_quadruples = pgTable(
  'search_word_quadruples',
  {
    word_a: text().notNull(),
    word_b: text().notNull(),
    word_c: text().notNull(),
    word_d: text().notNull(),
    public_stations: integer().notNull(),
    counted: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.word_a, t.word_b, t.word_c, t.word_d] }),
    check('search_word_quadruples_order_check', sql`${t.word_a} < ${t.word_b} AND ${t.word_b} < ${t.word_c} AND ${t.word_c} < ${t.word_d}`),
  ],
);

/** How many parts each category holds (decision 013), kept like `station_counts` by triggers on `parts`. */
export const part_type_counts = pgTable('part_type_counts', {
  type_id: integer()
    .primaryKey()
    .references(() => part_types.type_id, { onDelete: 'cascade' }),
  parts: counter('parts'),
});

/**
 * The words public stations use, each with how many public stations hold it (decision 015), kept by statement
 * triggers on `battlestations` in the writing transaction: a search word is looked up here (as a part of a
 * word, or as a likely typo of one) and then matched against `search_tokens` as whole words.
 */
export const search_words = pgTable(
  'search_words',
  {
    word: text().primaryKey(),
    public_stations: integer().notNull().default(0),
  },
  (t) => [index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/** The words of the catalogue and how many parts hold each (decision 015), kept like `search_words` by triggers on `parts`. */
export const part_words = pgTable(
  'part_words',
  {
    word: text().primaryKey(),
    parts: integer().notNull().default(0),
  },
  (t) => [index('part_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/**
 * A station's history (issue 20, decision 019): one row per save, written in the saving transaction, read
 * newest first a page at a time (keyset on change_id). `is_public` is the visibility after the save and
 * `was_public` the one before (null for the creation): others see only rows saved while public.
 */
export const station_changes = pgTable(
  'station_changes',
  {
    change_id: integer().primaryKey().generatedByDefaultAsIdentity(),
    battlestation_id: integer()
      .notNull()
      .references(() => battlestations.battlestation_id, { onDelete: 'cascade' }),
    /** Who saved: the owner or a staff member; null once that account is deleted. */
    user_id: text().references(() => users.user_id, { onDelete: 'set null' }),
    changed_date: timestamp('changed_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    changes: jsonb().$type<StationChange[]>().notNull(),
    is_public: boolean().notNull(),
    was_public: boolean(),
  },
  (t) => [
    index('station_changes_station_idx').on(t.battlestation_id, t.change_id),
    index('station_changes_user_idx').on(t.user_id),
  ],
);

/**
 * How many public stations hold each filter token (battlestations.facets, decision 017), kept like
 * `search_words` by statement triggers in the writing transaction: the list's facet counts without a search
 * or another filter are these rows instead of a pass over every public station.
 */
export const station_facet_counts = pgTable(
  'station_facet_counts',
  {
    facet: text().primaryKey(),
    public_stations: integer().notNull().default(0),
  },
  // Every unfiltered page reads the single filter values' counts (a few dozen rows among the pairs and
  // triples): an index-only scan of just those instead of filtering the whole table (decision 024).
  (t) => [index('station_facet_counts_single_idx').on(t.facet, t.public_stations).where(sql`strpos(${t.facet}, '|') = 0`)],
);

/**
 * Store-link health (issue 20; docs/decisions, store-link health): what the scheduled checker last found for one part's store
 * link. `url` is the address that was judged: once an admin edits the link the row no longer matches and
 * the link counts as unchecked again. Two failed checks in a row set `is_broken`; one success clears it.
 * The row goes with its link (composite foreign key, also followed when a merge moves the link).
 */
export const store_link_checks = pgTable(
  'store_link_checks',
  {
    part_id: integer().notNull(),
    store_id: integer().notNull(),
    url: text().notNull(),
    consecutive_failures: integer().notNull().default(0),
    is_broken: boolean().notNull().default(false),
    /** The HTTP status of the last check; null when no answer came (timeout, refused, not allowed). */
    last_status: integer(),
    /** Why the last check failed without a status, in words an admin can act on. */
    last_error: text(),
    last_checked_at: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }).notNull(),
    broken_since: timestamp('broken_since', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.part_id, t.store_id] }),
    foreignKey({ name: 'store_link_checks_link_fk', columns: [t.part_id, t.store_id], foreignColumns: [part_stores.part_id, part_stores.store_id] })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('store_link_checks_broken_idx').on(t.last_checked_at, t.part_id, t.store_id).where(sql`${t.is_broken}`),
    index('store_link_checks_checked_idx').on(t.last_checked_at),
  ],
);

/**
 * Photo hotspots (issue 20 item 1, decision 020): a marker on one photo tied to one of the station's parts, at
 * x, y relative to the photo (0-1 from its left and top edge). Keyed to the photo row, not its position, so
 * reordering keeps them; the photo's deletion takes them along, and so does the part's removal from the
 * station (composite foreign key onto the station's part link, also followed when a merge moves the link).
 */
export const photo_hotspots = pgTable(
  'photo_hotspots',
  {
    hotspot_id: integer().primaryKey().generatedByDefaultAsIdentity(),
    image_id: integer()
      .notNull()
      .references(() => battlestation_images.image_id, { onDelete: 'cascade' }),
    battlestation_id: integer().notNull(),
    part_id: integer().notNull(),
    x: doublePrecision().notNull(),
    y: doublePrecision().notNull(),
  },
  (t) => [
    foreignKey({ name: 'photo_hotspots_part_link_fk', columns: [t.battlestation_id, t.part_id], foreignColumns: [battlestation_parts.battlestation_id, battlestation_parts.part_id] })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('photo_hotspots_image_idx').on(t.image_id, t.hotspot_id),
    index('photo_hotspots_part_link_idx').on(t.battlestation_id, t.part_id),
    check('photo_hotspots_position_check', sql`${t.x} BETWEEN 0 AND 1 AND ${t.y} BETWEEN 0 AND 1`),
  ],
);

/**
 * One-off start-up tasks that have run to the end on this database (their name and when): a later start
 * skips them instead of checking every row again (the private-photos move looked at every private photo's
 * files on every start: 300,000 file checks at 1,000,000 stations).
 */
export const completed_tasks = pgTable('completed_tasks', {
  name: text('name').primaryKey(),
  completed_date: timestamp('completed_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

import { COLOUR_FAMILIES, MAIN_USES } from '@battledeck/shared/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rowsOf } from '../db/rows';
import type { Logger } from '../lib/logger';
import { copySearchWords, refreshKeptTotals } from '../repositories/kept-totals-repository';
import { rebuildPageFences } from '../repositories/page-fences-repository';

/** The benchmark dataset of issue 8 (ratios of the defaults: 5 stations per user, 3 photos, 6 parts, 50 favorites per user). */
export interface ScaleOptions {
  battlestations: number;
  users: number;
  parts: number;
  imagesPerStation: number;
  partsPerStation: number;
  favoritesPerUser: number;
}

export const DEFAULT_SCALE: ScaleOptions = {
  battlestations: 100_000,
  users: 20_000,
  parts: 20_000,
  imagesPerStation: 3,
  partsPerStation: 6,
  favoritesPerUser: 50,
};

/** Options for N battlestations, keeping the default ratios. */
export function scaleFor(battlestations: number): ScaleOptions {
  const factor = battlestations / DEFAULT_SCALE.battlestations;
  return {
    ...DEFAULT_SCALE,
    battlestations,
    users: Math.max(10, Math.round(DEFAULT_SCALE.users * factor)),
    parts: Math.max(50, Math.round(DEFAULT_SCALE.parts * factor)),
  };
}

const TYPES: [string, string][] = [
  ['CPU', 'cpu'], ['Graphics Card', 'gpu'], ['Motherboard', 'motherboard'], ['Memory', 'memory'],
  ['Storage', 'storage'], ['Case', 'case'], ['Power Supply', 'power-supply'], ['Cooling', 'cooling'],
  ['Monitor', 'monitor'], ['Keyboard', 'keyboard'], ['Mouse', 'mouse'], ['Headset', 'headset'],
];
const BRANDS = ['Corsair', 'Logitech', 'Razer', 'ASUS', 'MSI', 'Gigabyte', 'Samsung', 'Western Digital', 'Noctua', 'NZXT', 'Fractal Design', 'Lian Li', 'be quiet!', 'Seasonic', 'Kingston', 'Crucial', 'AMD', 'Intel', 'NVIDIA', 'Dell', 'LG', 'BenQ', 'Keychron', 'SteelSeries', 'HyperX', 'Sennheiser', 'Audio-Technica', 'Elgato', 'Cooler Master', 'Thermalright'];
const MODELS = ['Pro', 'Elite', 'Ultra', 'Max', 'Air', 'Core', 'Nova', 'Vortex', 'Titan', 'Stealth', 'Aurora', 'Carbon', 'Quantum', 'Zenith', 'Apex', 'Fusion'];
const MOODS = ['Minimal', 'Cozy', 'Neon', 'Walnut', 'Monochrome', 'Pastel', 'Retro', 'Nordic', 'Cyberpunk', 'Studio', 'Compact', 'Dual Monitor', 'Ultrawide', 'Standing', 'Streaming', 'Sakura'];
const PLACES = ['Workspace', 'Battlestation', 'Setup', 'Desk', 'Corner', 'Den', 'Office', 'Command Center', 'Studio', 'Nook'];

/** A colour of each family, in COLOUR_FAMILIES order (seed-scale.test.ts checks each one's family). */
export const FAMILY_HEX = ['#111111', '#f2f2f2', '#808080', '#c0392b', '#e67e22', '#f1c40f', '#27ae60', '#2f6fd6', '#8e44ad', '#e84393'] as const;

/**
 * The station number scrambled (a multiplication modulo a prime), for what a station's parts and description
 * draw from it. Drawn from the number itself, both followed the name's first word (g mod 16 chose the mood of
 * the name, the models of the six parts and three of the description's moods): every part and description
 * word sat in a few long runs of the name order, as no real desks do, and a search by name had to read past
 * them. Its low bits choose the parts, the next ones the description.
 */
const SCRAMBLED_STATION = sql.raw('((g::bigint * 7919) % 1000003)');

const textArray = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

/** The tables a scale seed fills with most of its rows. */
const BULK_TABLES = ['parts', 'battlestations', 'battlestation_images', 'battlestation_parts', 'favorites', 'station_search'];
/**
 * The triggers that keep totals (decisions 013 and 015) and the search copy: refreshKeptTotals counts them
 * once instead, and copySearchWords copies every public station's words at once.
 */
const COUNTING_TRIGGERS: [string, string[]][] = [
  [
    'battlestations',
    [
      ...['inserted', 'deleted', 'updated', 'truncated'].flatMap((op) => [`battlestations_count_${op}`, `battlestations_words_${op}`, `battlestations_pairs_${op}`, `battlestations_fences_${op}`]),
      'battlestations_search_copy',
      'battlestations_search_copy_truncated',
    ],
  ],
  ['parts', ['inserted', 'deleted', 'updated', 'truncated'].flatMap((op) => [`parts_count_${op}`, `parts_words_${op}`])],
];

/**
 * Bulk loading into indexed tables costs several times a load followed by building the indexes (1,000,000
 * stations and 10,000,000 favorites would take over 15 minutes): the secondary indexes and foreign keys of
 * the bulk tables are dropped and the counting triggers switched off, inside the seed's
 * transaction. The returned function puts all of it back: the indexes built in one pass each, the keys
 * checked in one join each, and the kept totals (decisions 013 and 015) counted once.
 */
async function setAsideForBulkLoad(tx: Database): Promise<() => Promise<void>> {
  const tables = sql.raw(BULK_TABLES.map((table) => `'${table}'::regclass`).join(', '));
  const indexes = await rowsOf<{ name: string; definition: string }>(
    tx,
    sql`SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
      FROM pg_index i WHERE i.indrelid IN (${tables}) AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
  );
  const keys = await rowsOf<{ name: string; table_name: string; definition: string }>(
    tx,
    sql`SELECT conname AS name, conrelid::regclass::text AS table_name, pg_get_constraintdef(oid) AS definition
      FROM pg_constraint WHERE contype = 'f' AND conrelid IN (${tables})`,
  );
  for (const key of keys) await tx.execute(sql.raw(`ALTER TABLE ${key.table_name} DROP CONSTRAINT "${key.name}"`));
  for (const index of indexes) await tx.execute(sql.raw(`DROP INDEX ${index.name}`));
  const switchTriggers = async (state: 'ENABLE' | 'DISABLE') => {
    for (const [table, names] of COUNTING_TRIGGERS) {
      for (const name of names) await tx.execute(sql.raw(`ALTER TABLE ${table} ${state} TRIGGER "${name}"`));
    }
  };
  await switchTriggers('DISABLE');
  return async () => {
    await switchTriggers('ENABLE');
    await refreshKeptTotals(tx);
    await copySearchWords(tx);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    // After the indexes: each sort's posts are read along its index.
    await rebuildPageFences(tx);
    for (const key of keys) await tx.execute(sql.raw(`ALTER TABLE ${key.table_name} ADD CONSTRAINT "${key.name}" ${key.definition}`));
  };
}

/**
 * Generates the scale dataset inside the database with set-based statements (fast on PGlite and PostgreSQL
 * alike). Links and favorites are laid out first in temporary tables, so each battlestation row is written
 * once with its counters, thumbnail and search text already right (rewriting 100,000 indexed rows afterwards
 * took 13 minutes). Needs an empty database; no image files are written (list benchmarks do not read them).
 */
export async function seedScale(db: Database, options: ScaleOptions, log: Logger): Promise<Record<string, number>> {
  const o = options;
  const step = async (what: string, work: () => Promise<unknown>) => {
    const started = Date.now();
    await work();
    log.info({ ms: Date.now() - started }, `scale seed: ${what}`);
  };

  await db.transaction(async (tx) => {
    // Bulk statements run for many seconds: the API's per-statement limit does not apply here.
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
    const rebuild = await setAsideForBulkLoad(tx);
    await step('part types', () =>
      tx.execute(sql`INSERT INTO part_types (type_name, type_path)
        SELECT t[1], t[2] FROM (VALUES ${sql.join(TYPES.map(([name, path]) => sql`(ARRAY[${name}, ${path}])`), sql`, `)}) AS v(t)`),
    );
    await step('users', () =>
      tx.execute(sql`INSERT INTO users (user_id, username, email, created_date)
        SELECT 'scale-user-' || g, 'builder_' || lpad(g::text, 6, '0'), 'builder' || g || '@scale.example',
               now() - make_interval(hours => g % 20000)
        FROM generate_series(1, ${o.users}) AS g`),
    );
    await step('parts', () =>
      // Fileless images: no width copies ('{}'), so the start-up backfill leaves them alone.
      tx.execute(sql`INSERT INTO parts (name, type_id, manufacturer, image, image_widths, created_date)
        SELECT b.brand || ' ' || (${textArray(MODELS)})[1 + (g * 7) % ${MODELS.length}] || ' ' || (100 + g % 900) || ' ' || t.type_name,
               t.type_id, b.brand, 'scale-part-' || g || '.jpg', '{}'::int[], now() - make_interval(hours => g % 5000)
        FROM generate_series(1, ${o.parts}) AS g
        JOIN LATERAL (SELECT (${textArray(BRANDS)})[1 + g % ${BRANDS.length}] AS brand) b ON true
        JOIN part_types t ON t.type_id = (SELECT min(type_id) FROM part_types) + g % ${TYPES.length}`),
    );
    await step('layout', async () => {
      // Station ids are 1..N (the database is empty); part offsets k * 3331 are distinct, so links are unique.
      await tx.execute(sql`CREATE TEMP TABLE scale_links ON COMMIT DROP AS
        SELECT g AS sid, p0.first + ((${SCRAMBLED_STATION} * 37 + k * 3331) % ${o.parts}) AS part_id
        FROM generate_series(1, ${o.battlestations}) AS g
        CROSS JOIN generate_series(0, ${o.partsPerStation - 1}) AS k
        CROSS JOIN (SELECT min(part_id) AS first FROM parts) p0`);
      await tx.execute(sql`CREATE TEMP TABLE scale_favorites ON COMMIT DROP AS
        SELECT DISTINCT 'scale-user-' || u AS user_id, 1 + ((u * ${o.favoritesPerUser} + k * 1999) % ${o.battlestations}) AS sid
        FROM generate_series(1, ${o.users}) AS u CROSS JOIN generate_series(0, ${o.favoritesPerUser - 1}) AS k`);
      await tx.execute(sql`CREATE TEMP TABLE scale_stations ON COMMIT DROP AS
        SELECT g AS sid,
               'scale-user-' || (1 + g % ${o.users}) AS user_id,
               (${textArray(MOODS)})[1 + g % ${MOODS.length}] || ' ' || (${textArray(PLACES)})[1 + (g / 7) % ${PLACES.length}] || ' ' || g AS name,
               'A ' || lower((${textArray(MOODS)})[1 + (${SCRAMBLED_STATION} / 16) % ${MOODS.length}]) || ' setup for work and play.' || chr(10) || 'Station number ' || g || '.' AS description,
               g % 20 <> 0 AS is_public,
               now() - make_interval(mins => g * 5) AS created,
               -- Desk properties (decision 017), skewed like real desks: mostly one or two monitors; one or two
               -- distinct uses, two colours of distinct families each (every photo of a station has the same palette).
               (ARRAY[1, 1, 1, 2, 2, 2, 3, 4, 1, 2, 0])[1 + g % 11] AS monitors,
               ARRAY[(${textArray(MAIN_USES)})[1 + g % 5]]
                 || CASE WHEN g % 3 = 0 THEN ARRAY[(${textArray(MAIN_USES)})[1 + (g % 5 + 1 + (g / 5) % 4) % 5]] ELSE '{}'::text[] END AS uses,
               ARRAY[(${textArray(COLOUR_FAMILIES)})[1 + g % 10], (${textArray(COLOUR_FAMILIES)})[1 + (g % 10 + 1 + (g / 10) % 9) % 10]] AS families,
               ARRAY[(${textArray(FAMILY_HEX)})[1 + g % 10], (${textArray(FAMILY_HEX)})[1 + (g % 10 + 1 + (g / 10) % 9) % 10]] AS palette
        FROM generate_series(1, ${o.battlestations}) AS g`);
    });
    await step('battlestations', async () => {
      await tx.execute(sql`INSERT INTO battlestations
          (battlestation_id, user_id, name, description, is_public, created_date, updated_date,
           image_count, part_count, favorites, thumbnail, search_text,
           monitor_count, monitor_count_manual, main_uses, palette, colour_families)
        SELECT s.sid, s.user_id, s.name, s.description, s.is_public, s.created, s.created,
               ${o.imagesPerStation}, coalesce(l.n, 0), coalesce(f.n, 0),
               ${o.imagesPerStation > 0 ? sql`'scale-' || s.sid || '-0.jpg'` : sql`NULL`},
               lower(concat_ws(' ', s.name, u.username, l.names, s.description)),
               s.monitors, s.monitors, s.uses, s.palette, s.families
        FROM scale_stations s
        JOIN users u ON u.user_id = s.user_id
        LEFT JOIN (SELECT sl.sid, count(*) AS n, string_agg(p.name, ' ' ORDER BY p.name) AS names
                   FROM scale_links sl JOIN parts p ON p.part_id = sl.part_id GROUP BY sl.sid) l ON l.sid = s.sid
        LEFT JOIN (SELECT sid, count(*) AS n FROM scale_favorites GROUP BY sid) f ON f.sid = s.sid`);
      await tx.execute(sql`SELECT setval(pg_get_serial_sequence('battlestations', 'battlestation_id'), ${o.battlestations})`);
    });
    await step('photos', () =>
      // No width copies ('{}'): these rows have no files, and the start-up backfill must not look for 100,000 of them.
      tx.execute(sql`INSERT INTO battlestation_images (battlestation_id, image, display_order, width, height, widths, palette, colour_families)
        SELECT s.sid, 'scale-' || s.sid || '-' || k || '.jpg', k, 2560, 1440, '{}'::int[], s.palette, s.families
        FROM scale_stations s CROSS JOIN generate_series(0, ${o.imagesPerStation - 1}) AS k`),
    );
    await step('part links', () => tx.execute(sql`INSERT INTO battlestation_parts (battlestation_id, part_id) SELECT sid, part_id FROM scale_links ORDER BY sid, part_id`));
    await step('favorites', () => tx.execute(sql`INSERT INTO favorites (user_id, battlestation_id) SELECT user_id, sid FROM scale_favorites ORDER BY user_id, sid`));
    await step('part counts', () =>
      tx.execute(sql`UPDATE parts SET battlestation_count = c.n
        FROM (SELECT l.part_id, count(*) AS n FROM scale_links l JOIN scale_stations s ON s.sid = l.sid
              WHERE s.is_public GROUP BY l.part_id) c
        WHERE parts.part_id = c.part_id`),
    );
    await step('indexes, keys and kept totals', () => rebuild());
  });
  // VACUUM, not just ANALYZE: it marks the pages all-visible, so counts and sorts read the indexes alone
  // (an index-only count of the public stations: 13 ms instead of a 44 ms table scan at 100,000 rows).
  await step('vacuum analyze', () => db.execute(sql`VACUUM ANALYZE`));

  const counts: Record<string, number> = {};
  for (const table of ['users', 'parts', 'battlestations', 'battlestation_images', 'battlestation_parts', 'favorites']) {
    const [row] = await rowsOf<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    counts[table] = Number(row.n);
  }
  return counts;
}

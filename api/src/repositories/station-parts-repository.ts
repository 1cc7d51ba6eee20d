import type { StationPart } from '@battledeck/shared/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { battlestation_parts, battlestations, part_stores, part_types, parts, stores } from '../db/schema';

/** A station's owner, visibility and whole part list (issue 20), as one row. */
export interface StationPartListRow {
  user_id: string;
  is_public: boolean;
  parts: StationPart[];
}

/**
 * The part list in the contract's Part shape, built by the database as JSON in the same statement that reads
 * the station (one round trip): each part with its category, image size and store links (by store name).
 * Every lookup goes through a primary key: battlestation_parts (battlestation_id, part_id), parts, part_types,
 * part_stores (part_id, store_id) and stores.
 */
const partListJson = (stationId: number) => sql<StationPart[] | string>`coalesce((SELECT json_agg(json_build_object(
      'part_id', p.part_id, 'name', p.name, 'type_id', t.type_id, 'type_name', t.type_name, 'type_path', t.type_path,
      'manufacturer', p.manufacturer, 'manufacturer_url', p.manufacturer_url, 'image', p.image,
      'image_size', CASE WHEN p.image_width > 0 AND p.image_height > 0 THEN json_build_object('width', p.image_width,
        'height', p.image_height, 'widths', coalesce(p.image_widths, '{}'::int[])) END,
      'battlestation_count', p.battlestation_count,
      'stores', coalesce((SELECT json_agg(json_build_object('store_id', s.store_id, 'store_name', s.name, 'url', ps.url)
          ORDER BY lower(s.name), s.store_id)
        FROM ${part_stores} ps JOIN ${stores} s ON s.store_id = ps.store_id WHERE ps.part_id = p.part_id), '[]'::json))
    ORDER BY t.type_id, lower(p.name), p.part_id)
  FROM ${battlestation_parts} bp JOIN ${parts} p ON p.part_id = bp.part_id JOIN ${part_types} t ON t.type_id = p.type_id
  WHERE bp.battlestation_id = ${stationId}), '[]'::json)`;

export async function findStationPartList(db: Database, stationId: number): Promise<StationPartListRow | undefined> {
  const [row] = await db
    .select({ user_id: battlestations.user_id, is_public: battlestations.is_public, parts: partListJson(stationId) })
    .from(battlestations)
    .where(eq(battlestations.battlestation_id, stationId))
    .limit(1);
  if (!row) return undefined;
  // PGlite hands json back parsed, node-postgres too; a string is parsed here in case a driver does not.
  const list = typeof row.parts === 'string' ? (JSON.parse(row.parts) as StationPart[]) : row.parts;
  return { user_id: row.user_id, is_public: row.is_public, parts: list };
}

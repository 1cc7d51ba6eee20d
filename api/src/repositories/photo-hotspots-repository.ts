import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { photo_hotspots } from '../db/schema';

/** A station's photo hotspots (decision 020). The station page reads them with its photos (battlestations-repository). */

export type NewHotspotRow = typeof photo_hotspots.$inferInsert;

/** Every marker of the station becomes `rows` (in this order, which is the order the page shows them). */
export async function replaceStationHotspots(tx: Database, stationId: number, rows: NewHotspotRow[]): Promise<void> {
  await tx.delete(photo_hotspots).where(eq(photo_hotspots.battlestation_id, stationId));
  if (rows.length > 0) await tx.insert(photo_hotspots).values(rows);
}

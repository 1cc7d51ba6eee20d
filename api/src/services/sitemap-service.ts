import { ID_MAX, SITEMAP, type SitemapBattlestations, type SitemapParts, type SitemapSummary } from '@battledeck/shared/contract';
import type { Database } from '../db/database';
import { lastSitemapIds, partsBetween, publicStationsBetween } from '../repositories/sitemap-repository';

/** The ids file `file` covers (SITEMAP.idsPerFile of them), the last one capped at the largest id. */
function idsOfFile(file: number): [first: number, last: number] {
  const first = file * SITEMAP.idsPerFile + 1;
  return [first, Math.min(first + SITEMAP.idsPerFile - 1, ID_MAX)];
}

export function getSitemapSummary(db: Database): Promise<SitemapSummary> {
  return lastSitemapIds(db);
}

/** File `file` of the stations' sitemap: its public stations only (ADR 025), private ones are never listed. */
export async function getSitemapBattlestations(db: Database, file: number): Promise<SitemapBattlestations> {
  const rows = await publicStationsBetween(db, ...idsOfFile(file));
  return { battlestations: rows.map((row) => ({ battlestation_id: row.battlestation_id, updated_date: row.updated_date.toISOString() })) };
}

export async function getSitemapParts(db: Database, file: number): Promise<SitemapParts> {
  return { parts: await partsBetween(db, ...idsOfFile(file)) };
}

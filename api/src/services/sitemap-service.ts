import { ID_MAX, SITEMAP, SITEMAP_MESSAGES, sitemapFileOf, type SitemapBattlestations, type SitemapParts, type SitemapSummary } from '@battledeck/shared/contract';
import type { Database } from '../db/database';
import { notFound } from '../errors';
import { lastPartId, lastPublicStationId, partsBetween, publicStationsBetween } from '../repositories/sitemap-repository';

/** The ids file `file` covers (SITEMAP.idsPerFile of them), the last one capped at the largest id. */
function idsOfFile(file: number): [first: number, last: number] {
  const first = file * SITEMAP.idsPerFile + 1;
  return [first, Math.min(first + SITEMAP.idsPerFile - 1, ID_MAX)];
}

/** 404 for a file past the one the last id falls in: the index never lists it. */
function assertListed(file: number, lastId: number): void {
  if (lastId === 0 || file > sitemapFileOf(lastId)) throw notFound(SITEMAP_MESSAGES.noFile);
}

export async function getSitemapSummary(db: Database): Promise<SitemapSummary> {
  const [lastBattlestationId, lastPart] = await Promise.all([lastPublicStationId(db), lastPartId(db)]);
  return { lastBattlestationId, lastPartId: lastPart };
}

/** File `file` of the stations' sitemap: its public stations only (ADR 025), private ones are never listed. */
export async function getSitemapBattlestations(db: Database, file: number): Promise<SitemapBattlestations> {
  assertListed(file, await lastPublicStationId(db));
  const rows = await publicStationsBetween(db, ...idsOfFile(file));
  return { battlestations: rows.map((row) => ({ battlestation_id: row.battlestation_id, updated_date: row.updated_date.toISOString() })) };
}

export async function getSitemapParts(db: Database, file: number): Promise<SitemapParts> {
  assertListed(file, await lastPartId(db));
  return { parts: await partsBetween(db, ...idsOfFile(file)) };
}

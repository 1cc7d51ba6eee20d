import { SIMILAR_PARTS_MAX, type SimilarPart, type similarPartsQuery } from '@battledeck/shared/contract';
import type { z } from 'zod';
import type { Database } from '../db/database';
import {
  FLAG_LIKENESS,
  SUGGESTION_LIKENESS,
  findSimilarParts,
  flagPendingRequests,
  withLikeness,
} from '../repositories/part-duplicates-repository';
import { findPartTypeId } from '../repositories/parts-catalogue-repository';

/** How many likely parts a pending request names at most. */
export const FLAGS_PER_REQUEST = 3;

/**
 * GET /parts/similar: while a user names a missing part, the existing parts it may be ('Did you mean …?',
 * decision 021), the given category's first, then the most alike.
 */
export async function getSimilarParts(db: Database, query: z.output<typeof similarPartsQuery>): Promise<SimilarPart[]> {
  const typeId = query.partType ? await findPartTypeId(db, { path: query.partType }) : undefined;
  return withLikeness(db, SUGGESTION_LIKENESS, (tx) => findSimilarParts(tx, query.name, { typeId, limit: SIMILAR_PARTS_MAX }));
}

/** The pending list's flags: request id → the parts it looks like, the most alike first. */
export async function likelyPartsOfPendingRequests(db: Database): Promise<Map<number, { part_id: number; name: string }[]>> {
  const rows = await withLikeness(db, FLAG_LIKENESS, (tx) => flagPendingRequests(tx, FLAGS_PER_REQUEST));
  const flags = new Map<number, { part_id: number; name: string }[]>();
  for (const row of rows) flags.set(row.request_id, [...(flags.get(row.request_id) ?? []), { part_id: row.part_id, name: row.name }]);
  return flags;
}

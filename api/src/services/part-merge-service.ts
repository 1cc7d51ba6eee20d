import { PART_MERGE_MESSAGES, PART_NOT_FOUND, type PartMergeSummary } from '@battledeck/shared/contract';
import type { AuthUser } from '../auth/auth-user';
import type { Database } from '../db/database';
import { badRequest, notFound } from '../errors';
import { removeStoredImages } from '../images/remove-stored-images';
import { lockPartsForCounts, refreshBattlestationDerived, refreshPartCounts, refreshStoreCounts } from '../repositories/derived-columns-repository';
import { countMerge, moveRequests, moveStationLinks, moveStoreLinks, recordMergeInHistory } from '../repositories/part-merge-repository';
import { deletePartRow, findPart, lockPart, lockStationsListing, type PartRow } from '../repositories/part-write-repository';
import type { ServiceDeps } from './service-deps';

type Deps = Pick<ServiceDeps, 'db' | 'storage' | 'log'>;

/**
 * Merging two parts (issue 20 item 4, decision 021): part `mergedId` goes, part `keptId` takes its place on
 * every station, its store links and the requests saved as it, all in one transaction; every kept number
 * (a station's part count, search text and words, monitor count and facets; the parts' station counts; the
 * stores' part counts; the catalogue's per-category totals and words) is recomputed or kept by the database's
 * triggers inside it. The merged part's image files are deleted once it has committed.
 */

const side = (part: PartRow) => ({ part_id: part.part_id, name: part.name });

async function findBoth(db: Database, mergedId: number, keptId: number, read: typeof findPart) {
  if (mergedId === keptId) throw badRequest(PART_MERGE_MESSAGES.samePart);
  const merged = await read(db, mergedId);
  if (!merged) throw notFound(PART_NOT_FOUND);
  const kept = await read(db, keptId);
  if (!kept) throw notFound(PART_MERGE_MESSAGES.keptNotFound);
  return { merged, kept };
}

/** GET /parts/{id}/merge-preview?into: what the merge would move, for the confirmation. */
export async function previewPartMerge(db: Database, mergedId: number, keptId: number): Promise<PartMergeSummary> {
  const { merged, kept } = await findBoth(db, mergedId, keptId, findPart);
  return { merged: side(merged), kept: side(kept), ...(await countMerge(db, mergedId, keptId)) };
}

/** POST /parts/{id}/merge {into}: the merge itself; answers what it moved. */
export async function mergeParts(deps: Deps, user: AuthUser, mergedId: number, keptId: number): Promise<PartMergeSummary> {
  const { summary, image } = await deps.db.transaction(async (tx) => {
    // The stations first, then both parts in id order: the order of every station save, so one waits for the other.
    await lockStationsListing(tx, mergedId);
    await lockPartsForCounts(tx, [mergedId, keptId], 'update');
    const { merged, kept } = await findBoth(tx, mergedId, keptId, lockPart);
    const counts = await countMerge(tx, mergedId, keptId);
    const stations = await moveStationLinks(tx, mergedId, keptId);
    const storeIds = await moveStoreLinks(tx, mergedId, keptId);
    await moveRequests(tx, mergedId, keptId);
    await recordMergeInHistory(tx, user.uid, stations, side(merged), side(kept));
    await deletePartRow(tx, mergedId);
    await refreshPartCounts(tx, [keptId]);
    await refreshStoreCounts(tx, storeIds);
    await refreshBattlestationDerived(tx, stations.map((s) => s.battlestation_id));
    return { summary: { merged: side(merged), kept: side(kept), ...counts }, image: merged.image === kept.image ? undefined : merged.image };
  });
  // The row is gone: a file left behind is logged, an orphan at worst, never a broken page.
  if (image) await removeStoredImages(deps.storage, deps.log, 'parts', [image]);
  return summary;
}

import { STORE_LINK_MESSAGES, type BrokenLinksResponse, type StoreLinkCheckResponse, type StoreLinkFixBody } from '@battledeck/shared/contract';
import type { Database } from '../db/database';
import { notFound } from '../errors';
import { refreshStoreCounts } from '../repositories/derived-columns-repository';
import { findPart, removeStoreLinks } from '../repositories/part-write-repository';
import { countBrokenLinks, listBrokenLinks, updateStoreLinkUrl } from '../repositories/store-link-checks-repository';
import type { CheckPassSummary } from './store-link-check-service';

/** GET /admin/store-links/broken: the links the checker found failing twice in a row, newest check first. */
export async function getBrokenLinks(db: Database, page: { pageNumber: number; resultsPerPage: number }): Promise<BrokenLinksResponse> {
  const [rows, total] = await Promise.all([
    listBrokenLinks(db, page.resultsPerPage, (page.pageNumber - 1) * page.resultsPerPage),
    countBrokenLinks(db),
  ]);
  const links = rows.map((r) => ({
    ...r,
    last_checked_at: r.last_checked_at.toISOString(),
    broken_since: r.broken_since ? r.broken_since.toISOString() : null,
  }));
  return { links, total };
}

/**
 * PUT /admin/store-links/{partId}/{storeId}: a new address for the link, which starts unchecked. Whether the
 * link is there is what the write itself finds (a read first could see a link a merge was moving away).
 */
export async function fixStoreLink(db: Database, partId: number, storeId: number, body: StoreLinkFixBody): Promise<{ url: string }> {
  return db.transaction(async (tx) => {
    if (!(await updateStoreLinkUrl(tx, partId, storeId, body.url))) throw notFound(STORE_LINK_MESSAGES.linkNotFound);
    return { url: body.url };
  });
}

/** DELETE /admin/store-links/{partId}/{storeId}: the part no longer links to the store (the store's part_count follows). */
export async function removeStoreLink(db: Database, partId: number, storeId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Its health record goes with it through the foreign key.
    if ((await removeStoreLinks(tx, partId, [storeId])) === 0) throw notFound(STORE_LINK_MESSAGES.linkNotFound);
    await refreshStoreCounts(tx, [storeId]);
  });
}

/**
 * POST /admin/store-links/check: one part's links checked now through `run` (the schedule's pass, under its
 * lock); `ran: false` when another pass held the lock.
 */
export async function checkPartLinksNow(
  db: Database,
  run: (scope: { partId: number }) => Promise<CheckPassSummary | undefined>,
  partId: number,
): Promise<StoreLinkCheckResponse> {
  if (!(await findPart(db, partId))) throw notFound(STORE_LINK_MESSAGES.partNotFound);
  const summary = await run({ partId });
  return summary ? { ...summary, ran: true } : { checked: 0, ok: 0, failed: 0, ran: false };
}

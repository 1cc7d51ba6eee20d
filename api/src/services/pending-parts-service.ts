import { ADMIN_MESSAGES, type PendingPart } from '@battledeck/shared/contract';
import type { Database } from '../db/database';
import { notFound } from '../errors';
import { toIso } from '../lib/timestamps';
import { likelyPartsOfPendingRequests } from './part-suggestions-service';
import {
  deletePartRequest,
  findPartRequest,
  listPartRequests,
  setPartRequestStatus,
  type PartRequestStatus,
} from '../repositories/part-requests-repository';

type RequestRow = Awaited<ReturnType<typeof listPartRequests>>[number];

const toPendingPart = (row: RequestRow): PendingPart => ({ ...row, created_date: toIso(row.created_date) });

/**
 * GET /parts/pending: every part request, pending ones first; a pending one names the existing parts it looks
 * like (likely_parts, decision 021).
 */
export async function getPendingParts(db: Database): Promise<PendingPart[]> {
  const [rows, flags] = await Promise.all([listPartRequests(db), likelyPartsOfPendingRequests(db)]);
  return rows.map((row) => ({ ...toPendingPart(row), likely_parts: flags.get(row.part_id) ?? [] }));
}

/** PUT /parts/pending/{id}: sets the status (approving without creating a part, or back to pending). */
export async function setPendingStatus(db: Database, requestId: number, status: PartRequestStatus): Promise<PendingPart> {
  if (!(await setPartRequestStatus(db, requestId, status))) throw notFound(ADMIN_MESSAGES.requestNotFound);
  const row = await findPartRequest(db, requestId);
  if (!row) throw notFound(ADMIN_MESSAGES.requestNotFound);
  return toPendingPart(row);
}

/** DELETE /parts/pending/{id}: drops a request (spam, duplicates). */
export async function deletePendingPart(db: Database, requestId: number): Promise<void> {
  if (!(await deletePartRequest(db, requestId))) throw notFound(ADMIN_MESSAGES.requestNotFound);
}

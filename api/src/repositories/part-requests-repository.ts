import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { part_requests, users } from '../db/schema';

export type PartRequestStatus = (typeof part_requests.$inferSelect)['status'];

const requestColumns = {
  part_id: part_requests.request_id,
  name: part_requests.name,
  url: part_requests.url,
  status: part_requests.status,
  username: users.username,
  created_date: part_requests.created_date,
};

/** Every request, pending ones first, newest first (part_requests_status_idx read backwards). */
export async function listPartRequests(db: Database) {
  return db
    .select(requestColumns)
    .from(part_requests)
    .leftJoin(users, eq(users.user_id, part_requests.user_id))
    .orderBy(desc(part_requests.status), desc(part_requests.created_date), desc(part_requests.request_id));
}

export async function findPartRequest(db: Database, requestId: number) {
  const [row] = await db
    .select(requestColumns)
    .from(part_requests)
    .leftJoin(users, eq(users.user_id, part_requests.user_id))
    .where(eq(part_requests.request_id, requestId))
    .limit(1);
  return row;
}

/** The request's status, its row locked until the transaction ends (one approval at a time). */
export async function lockPartRequest(db: Database, requestId: number): Promise<PartRequestStatus | undefined> {
  const [row] = await db
    .select({ status: part_requests.status })
    .from(part_requests)
    .where(eq(part_requests.request_id, requestId))
    .for('update');
  return row?.status;
}

/**
 * Sets the status; `partId`, when given, is the part the request was saved as (decision 021). A request set
 * back to pending is no part's any more (a merge would otherwise move and count it).
 */
export async function setPartRequestStatus(db: Database, requestId: number, status: PartRequestStatus, partId?: number): Promise<boolean> {
  const part_id = status === 'pending' ? null : partId;
  const updated = await db
    .update(part_requests)
    .set(part_id === undefined ? { status } : { status, part_id })
    .where(eq(part_requests.request_id, requestId))
    .returning({ id: part_requests.request_id });
  return updated.length > 0;
}

export async function deletePartRequest(db: Database, requestId: number): Promise<boolean> {
  const deleted = await db.delete(part_requests).where(eq(part_requests.request_id, requestId)).returning({ id: part_requests.request_id });
  return deleted.length > 0;
}

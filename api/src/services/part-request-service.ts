import type { PartRequestBody, PendingPart } from '@battledeck/shared/contract';
import type { AuthUser } from '../auth/auth-user';
import type { Database } from '../db/database';
import { toIso } from '../lib/timestamps';
import { insertPartRequest } from '../repositories/parts-catalogue-repository';

/** POST /parts/request: stores a signed-in user's suggestion as pending, remembering who sent it. */
export async function submitPartRequest(db: Database, user: AuthUser, body: PartRequestBody): Promise<PendingPart> {
  const row = await insertPartRequest(db, { name: body.partName, url: body.partUrl, user_id: user.uid });
  return {
    part_id: row.request_id,
    name: row.name,
    url: row.url,
    status: row.status,
    username: user.profile.username,
    created_date: toIso(row.created_date),
  };
}

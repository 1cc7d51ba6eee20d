import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { part_stores, parts, store_link_checks, stores } from '../db/schema';

/** A store link the checker should visit now. */
export interface DueLink {
  part_id: number;
  store_id: number;
  url: string;
}

/** What one check found, as stored. */
export interface CheckRecord {
  ok: boolean;
  status: number | null;
  error: string | null;
  checkedAt: Date;
}

/**
 * Links due for a check, the longest unchecked first: never checked, edited since their last check (the
 * stored URL differs), failed once and older than `retryAfterMs`, or checked longer ago than `recheckAfterMs`.
 * `partId` narrows it to one part's links, all of them due (an admin's "check now").
 */
export async function listDueLinks(
  db: Database,
  { limit, recheckAfterMs, retryAfterMs, now, partId }: { limit: number; recheckAfterMs: number; retryAfterMs: number; now: Date; partId?: number },
): Promise<DueLink[]> {
  const c = store_link_checks;
  const recheckBefore = new Date(now.getTime() - recheckAfterMs);
  const retryBefore = new Date(now.getTime() - retryAfterMs);
  const due = sql`(${c.part_id} IS NULL OR ${c.url} <> ${part_stores.url}
    OR ${c.last_checked_at} <= CASE WHEN ${c.consecutive_failures} = 1 THEN ${retryBefore.toISOString()}::timestamptz ELSE ${recheckBefore.toISOString()}::timestamptz END)`;
  return db
    .select({ part_id: part_stores.part_id, store_id: part_stores.store_id, url: part_stores.url })
    .from(part_stores)
    .leftJoin(c, and(eq(c.part_id, part_stores.part_id), eq(c.store_id, part_stores.store_id)))
    .where(partId === undefined ? due : eq(part_stores.part_id, partId))
    .orderBy(sql`${c.last_checked_at} ASC NULLS FIRST`, asc(part_stores.part_id), asc(part_stores.store_id))
    .limit(limit);
}

/**
 * Stores a check's result for the URL that was checked. A success clears the failures; a failure counts
 * one more in a row (starting again at one when the link's URL changed), and the second in a row marks the
 * link broken. A link edited while it was being checked is left alone (the row would judge the wrong URL).
 */
export async function recordCheck(db: Database, link: DueLink, result: CheckRecord): Promise<void> {
  const c = store_link_checks;
  const failures = result.ok ? sql`0` : sql`CASE WHEN ${c.url} = excluded.url THEN ${c.consecutive_failures} + 1 ELSE 1 END`;
  await db.execute(sql`
    INSERT INTO ${c} (part_id, store_id, url, consecutive_failures, is_broken, last_status, last_error, last_checked_at, broken_since)
    SELECT ${link.part_id}, ${link.store_id}, ${link.url}, ${result.ok ? 0 : 1}, false, ${result.status}, ${result.error}, ${result.checkedAt.toISOString()}::timestamptz, NULL
    FROM ${part_stores} WHERE ${part_stores.part_id} = ${link.part_id} AND ${part_stores.store_id} = ${link.store_id} AND ${part_stores.url} = ${link.url}
    ON CONFLICT (part_id, store_id) DO UPDATE SET
      consecutive_failures = ${failures},
      is_broken = ${result.ok ? sql`false` : sql`(${failures}) >= 2`},
      broken_since = ${result.ok ? sql`NULL` : sql`CASE WHEN (${failures}) >= 2 THEN coalesce(CASE WHEN ${c.url} = excluded.url THEN ${c.broken_since} END, excluded.last_checked_at) END`},
      url = excluded.url,
      last_status = excluded.last_status,
      last_error = excluded.last_error,
      last_checked_at = excluded.last_checked_at`);
}

/**
 * A check the store put off (429): no verdict, so the failures and the broken mark stay as they were (a
 * fresh start when the link's URL changed), but the link goes to the back of the queue. Left out, it stayed
 * the longest unchecked and took a place in every pass: a store that answers 429 to a batch's worth of
 * links would keep every other link from being checked.
 */
export async function recordDeferredCheck(db: Database, link: DueLink, result: { status: number | null; checkedAt: Date }): Promise<void> {
  const c = store_link_checks;
  const sameUrl = sql`${c.url} = excluded.url`;
  await db.execute(sql`
    INSERT INTO ${c} (part_id, store_id, url, consecutive_failures, is_broken, last_status, last_error, last_checked_at, broken_since)
    SELECT ${link.part_id}, ${link.store_id}, ${link.url}, 0, false, ${result.status}, NULL, ${result.checkedAt.toISOString()}::timestamptz, NULL
    FROM ${part_stores} WHERE ${part_stores.part_id} = ${link.part_id} AND ${part_stores.store_id} = ${link.store_id} AND ${part_stores.url} = ${link.url}
    ON CONFLICT (part_id, store_id) DO UPDATE SET
      consecutive_failures = CASE WHEN ${sameUrl} THEN ${c.consecutive_failures} ELSE 0 END,
      is_broken = CASE WHEN ${sameUrl} THEN ${c.is_broken} ELSE false END,
      broken_since = CASE WHEN ${sameUrl} THEN ${c.broken_since} END,
      last_status = CASE WHEN ${sameUrl} THEN ${c.last_status} ELSE excluded.last_status END,
      last_error = CASE WHEN ${sameUrl} THEN ${c.last_error} END,
      url = excluded.url,
      last_checked_at = excluded.last_checked_at`);
}

/** A link judged broken that still holds the URL that failed (an edited link starts unchecked); null without a check. */
export const brokenWhere = sql<boolean | null>`${store_link_checks.is_broken} AND ${store_link_checks.url} = ${part_stores.url}`;

/** Broken links (still holding the URL that failed), most recently checked first. */
export async function listBrokenLinks(db: Database, limit: number, offset: number) {
  const c = store_link_checks;
  return db
    .select({
      part_id: parts.part_id,
      part_name: parts.name,
      store_id: stores.store_id,
      store_name: stores.name,
      url: part_stores.url,
      last_status: c.last_status,
      last_error: c.last_error,
      last_checked_at: c.last_checked_at,
      broken_since: c.broken_since,
      consecutive_failures: c.consecutive_failures,
    })
    .from(c)
    .innerJoin(part_stores, and(eq(part_stores.part_id, c.part_id), eq(part_stores.store_id, c.store_id)))
    .innerJoin(parts, eq(parts.part_id, c.part_id))
    .innerJoin(stores, eq(stores.store_id, c.store_id))
    .where(brokenWhere)
    .orderBy(desc(c.last_checked_at), asc(c.part_id), asc(c.store_id))
    .limit(limit)
    .offset(offset);
}

export async function countBrokenLinks(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(store_link_checks)
    .innerJoin(part_stores, and(eq(part_stores.part_id, store_link_checks.part_id), eq(part_stores.store_id, store_link_checks.store_id)))
    .where(brokenWhere);
  return row.total;
}

/**
 * Gives a link a new URL and forgets its checks (the new address starts unchecked); false when the part has no
 * link to that store (any more: a merge or a part save may have moved or removed it since it was listed).
 */
export async function updateStoreLinkUrl(db: Database, partId: number, storeId: number, url: string): Promise<boolean> {
  const updated = await db
    .update(part_stores)
    .set({ url })
    .where(and(eq(part_stores.part_id, partId), eq(part_stores.store_id, storeId)))
    .returning({ part_id: part_stores.part_id });
  if (updated.length === 0) return false;
  await db.delete(store_link_checks).where(and(eq(store_link_checks.part_id, partId), eq(store_link_checks.store_id, storeId)));
  return true;
}

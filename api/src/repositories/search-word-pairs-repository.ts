import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import { rowsOf } from '../db/rows';
import { pgErrorCode } from '../lib/pg-errors';

/**
 * How many public stations hold both `first` and `second` (`'both'`), or either (`'either'`: each word's count
 * in the vocabulary less the pair's), from the kept pair counts (`search_word_pairs`, migration 0027; decision
 * 015, 2026-11-29). Undefined when the pair is not kept yet (see keepPairCount).
 */
export async function readPairTotal(db: Database, first: string, second: string, kind: 'both' | 'either'): Promise<number | undefined> {
  const total =
    kind === 'both'
      ? sql`p.public_stations`
      : sql`(SELECT sum(w.public_stations) FROM search_words w WHERE w.word IN (p.word_a, p.word_b)) - p.public_stations`;
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`SELECT (${total})::int AS total FROM search_word_pairs p
      WHERE p.word_a = least(${first}::text, ${second}::text) AND p.word_b = greatest(${first}::text, ${second}::text)`,
  );
  return row ? Number(row.total) : undefined;
}

/**
 * Counts the pair from the search copy once and keeps the count (the triggers keep it from then on). The count
 * holds the pairs' advisory lock exclusively: the saves whose triggers have pair changes to apply hold it shared
 * to their commit, so the count waits for those that came first (their changes are in its snapshot) and the
 * next ones wait for the row and add their change to it: none is missed or counted twice. Saves that change no
 * public station's words never wait. False, and the caller counts the matches as before, when the lock was not
 * granted within 200 ms, when the count took longer than COUNT_TIMEOUT (saves wait on it meanwhile), or inside a
 * caller's transaction (the lock would be held to its end).
 */
export async function keepPairCount(db: Database, first: string, second: string): Promise<boolean> {
  if (db instanceof PgTransaction) return false;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('lock_timeout', '200ms', true), set_config('statement_timeout', ${COUNT_TIMEOUT}, true)`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('battledeck:search-word-pairs'))`);
      await tx.execute(sql`INSERT INTO search_word_pairs (word_a, word_b, public_stations)
        SELECT least(${first}::text, ${second}::text), greatest(${first}::text, ${second}::text), count(*)
          FROM station_search WHERE search_tokens @> ARRAY[${first}::text, ${second}::text]
        ON CONFLICT DO NOTHING`);
    });
    return true;
  } catch (error) {
    // lock_not_available (a save holds the lock) or query_canceled (the count ran out of time): not now.
    if (['55P03', '57014'].includes(pgErrorCode(error) ?? '')) return false;
    throw error;
  }
}

/** The longest a first count may hold up the saves that change a public station's words. */
const COUNT_TIMEOUT = '2s';

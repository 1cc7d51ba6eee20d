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
 * Counts the pair from the search copy once and keeps the count (the triggers keep it from then on). The SHARE
 * lock on `station_search` waits for the saves that changed a public station's words to commit and keeps new
 * ones out until the row is in, so every later save's trigger finds the row: the count misses no save and
 * counts none twice. False when the
 * lock was not granted within 200 ms (a save held it), or inside a caller's transaction (the lock would be held
 * to its end): the caller counts the matches as before.
 */
export async function keepPairCount(db: Database, first: string, second: string): Promise<boolean> {
  if (db instanceof PgTransaction) return false;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL lock_timeout = '200ms'`);
      await tx.execute(sql`LOCK TABLE station_search IN SHARE MODE`);
      await tx.execute(sql`INSERT INTO search_word_pairs (word_a, word_b, public_stations)
        SELECT least(${first}::text, ${second}::text), greatest(${first}::text, ${second}::text), count(*)
          FROM station_search WHERE search_tokens @> ARRAY[${first}::text, ${second}::text]
        ON CONFLICT DO NOTHING`);
    });
    return true;
  } catch (error) {
    if (pgErrorCode(error) === '55P03') return false; // lock_not_available: a save holds the copy; count as before
    throw error;
  }
}

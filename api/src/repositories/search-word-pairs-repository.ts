import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import { rowsOf } from '../db/rows';
import { pgErrorCode } from '../lib/pg-errors';

/**
 * One count a kept total is made of, with its sign: one vocabulary word's public stations (`search_words`), or
 * those holding every word of a pair or a triple (`search_word_pairs`, migrations 0027 and 0028) or of a
 * quadruple (`search_word_quadruples`, migration 0030). A filter token counts as a word written with a leading
 * '|' (filterWord, migration 0028).
 */
export interface KeptCount {
  sign: 1 | -1;
  words: string[];
}

/** What begins a filter token ('colour:red') written as a word of the kept counts: no station word begins with it (edge punctuation is trimmed). */
const FILTER_WORD = '|';
export const filterWord = (token: string) => `${FILTER_WORD}${token}`;

const textArray = (values: string[]) =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]::text[]`;
/** The words in the key's order (the database's, which the check constraints use): `k[1]` to `k[4]`. */
const sortedWords = (words: string[]) =>
  sql`(SELECT array_agg(w ORDER BY w) AS k FROM unnest(${textArray(words)}) AS w)`;

/**
 * Where a set of two to four words is kept, and its key from `sortedWords` (aliased `s`): a quadruple in its own
 * table, a pair or a triple with '' for the missing third word.
 */
const keptRow = (words: string[]) =>
  words.length === 4
    ? { table: sql`search_word_quadruples`, columns: sql`word_a, word_b, word_c, word_d`, key: sql`s.k[1], s.k[2], s.k[3], s.k[4]` }
    : { table: sql`search_word_pairs`, columns: sql`word_a, word_b, word_c`, key: sql`s.k[1], s.k[2], coalesce(s.k[3], '')` };

/**
 * Totals, each the sum of its counts with their signs (decision 015, 2026-11-29), all read in one statement so
 * that every count is of the same moment (a filtered search's total and its matches without the filter).
 * `missing`: the word sets not kept yet, or not counted yet (keepWordSetCount counts them); the totals mean
 * nothing then. A vocabulary word no public station holds any more counts 0.
 */
export async function readKeptTotals(db: Database, totals: KeptCount[][]): Promise<{ totals: number[]; missing: string[][] }> {
  const counts = totals.flat();
  const values = counts.map(({ words }) => {
    if (words.length === 1) return sql`coalesce((SELECT public_stations FROM search_words WHERE word = ${words[0]}::text), 0)`;
    const { table, columns, key } = keptRow(words);
    return sql`(SELECT public_stations FROM ${table}, ${sortedWords(words)} s WHERE (${columns}) = (${key}) AND counted)`;
  });
  const [row] = await rowsOf<{ counts: (number | null)[] }>(db, sql`SELECT ARRAY[${sql.join(values, sql`, `)}]::int[] AS counts`);
  const kept = row!.counts;
  const missing = counts.filter((_, i) => kept[i] === null).map(({ words }) => words);
  let next = 0;
  const sums = totals.map((total) => total.reduce((sum, { sign }) => sum + sign * Number(kept[next++] ?? 0), 0));
  return { totals: sums, missing };
}

/**
 * Keeps the count of the stations holding every one of two to four words (the triggers keep it from then on),
 * in three steps, none of which makes a save wait for the count (decision 015, 2026-12-07):
 * 1. addUncountedRow: the row, with `counted` false, under the pairs' advisory lock for a moment. The saves
 *    whose triggers have changes to apply hold that lock shared to their commit, so the row comes after those
 *    that came first, and every save after it adds its change to the row.
 * 2. countWordSet: in one statement, so of one moment, the stations holding the words and the row's value.
 * 3. settleWordSetCount: adds the difference to the row and marks it counted. A save committed before the
 *    count's moment is in the count and in the row's value there; one committed after is in the row alone.
 *    None is missed or counted twice, and of two counts of one row, only the first is added.
 * False, and the caller counts the matches as before, when the lock was not granted within 200 ms, when the
 * count took longer than COUNT_TIMEOUT, or inside a caller's transaction (the lock would be held to its end).
 */
export async function keepWordSetCount(db: Database, words: string[]): Promise<boolean> {
  if (db instanceof PgTransaction) return false;
  try {
    await addUncountedRow(db, words);
    const count = await countWordSet(db, words);
    // Gone meanwhile (the kept counts emptied with the stations): not now.
    if (!count) return false;
    await settleWordSetCount(db, words, count);
    return true;
  } catch (error) {
    // lock_not_available (a save holds the lock) or query_canceled (the count ran out of time): not now. A row
    // left uncounted is no total: the next search to ask counts it again.
    if (['55P03', '57014'].includes(pgErrorCode(error) ?? '')) return false;
    throw error;
  }
}

/** Step 1 of keepWordSetCount: the word set's row, not counted yet, unless it has one (then without the lock). */
export async function addUncountedRow(db: Database, words: string[]): Promise<void> {
  const { table, columns, key } = keptRow(words);
  const present = await rowsOf(db, sql`SELECT 1 FROM ${table}, ${sortedWords(words)} s WHERE (${columns}) = (${key})`);
  if (present.length > 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('lock_timeout', '200ms', true)`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('battledeck:search-word-pairs'))`);
    await tx.execute(sql`INSERT INTO ${table} (${columns}, public_stations, counted)
      SELECT ${key}, 0, false FROM ${sortedWords(words)} s ON CONFLICT DO NOTHING`);
  });
}

/** What countWordSet saw at its moment. */
export interface WordSetCount {
  matches: number;
  /** The row's value then, and whether it was counted already. */
  kept: number;
  counted: boolean;
}

/**
 * Step 2 of keepWordSetCount: the stations holding the words (from the search copy) and the row, of one moment;
 * undefined when the row is gone.
 */
export async function countWordSet(db: Database, words: string[]): Promise<WordSetCount | undefined> {
  // Served by the copy's words index; the filter tokens are tested on the matches.
  const held = words.filter((word) => !word.startsWith(FILTER_WORD));
  const filters = words.filter((word) => word.startsWith(FILTER_WORD)).map((word) => word.slice(FILTER_WORD.length));
  const { table, columns, key } = keptRow(words);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('statement_timeout', ${COUNT_TIMEOUT}, true)`);
    const [row] = await rowsOf<WordSetCount>(
      tx,
      sql`SELECT (SELECT count(*)::int FROM station_search WHERE search_tokens @> ${textArray(held)} AND facets @> ${textArray(filters)}) AS matches,
          k.public_stations AS kept, k.counted
        FROM ${sortedWords(words)} s JOIN ${table} AS k ON (${columns}) = (${key})`,
    );
    return row;
  });
}

/**
 * Step 3 of keepWordSetCount: the count, less what the row held at its moment, added to what the row holds now
 * (the changes committed since), once: a row counted meanwhile by another search is left as it is.
 */
export async function settleWordSetCount(db: Database, words: string[], count: WordSetCount): Promise<void> {
  if (count.counted) return;
  const { table, columns, key } = keptRow(words);
  await db.execute(sql`UPDATE ${table} AS k SET public_stations = k.public_stations + ${count.matches - count.kept}::int, counted = true
    FROM ${sortedWords(words)} s WHERE (${columns}) = (${key}) AND NOT k.counted`);
}

/** The longest a first count may take: the search then counts its matches as before. */
const COUNT_TIMEOUT = '2s';

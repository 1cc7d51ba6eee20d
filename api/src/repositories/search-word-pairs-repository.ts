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
 * `missing`: the word sets not kept yet (keepWordSetCount counts them); the totals mean nothing then. A
 * vocabulary word no public station holds any more counts 0.
 */
export async function readKeptTotals(db: Database, totals: KeptCount[][]): Promise<{ totals: number[]; missing: string[][] }> {
  const counts = totals.flat();
  const values = counts.map(({ words }) => {
    if (words.length === 1) return sql`coalesce((SELECT public_stations FROM search_words WHERE word = ${words[0]}::text), 0)`;
    const { table, columns, key } = keptRow(words);
    return sql`(SELECT public_stations FROM ${table}, ${sortedWords(words)} s WHERE (${columns}) = (${key}))`;
  });
  const [row] = await rowsOf<{ counts: (number | null)[] }>(db, sql`SELECT ARRAY[${sql.join(values, sql`, `)}]::int[] AS counts`);
  const kept = row!.counts;
  const missing = counts.filter((_, i) => kept[i] === null).map(({ words }) => words);
  let next = 0;
  const sums = totals.map((total) => total.reduce((sum, { sign }) => sum + sign * Number(kept[next++] ?? 0), 0));
  return { totals: sums, missing };
}

/**
 * Counts the stations holding every one of two to four words from the search copy once and keeps the count
 * (the triggers keep it from then on). The count holds the pairs' advisory lock exclusively: the saves whose
 * triggers have changes to apply hold it shared to their commit, so the count waits for those that came first
 * (their changes are in its snapshot) and the next ones wait for the row and add their change to it: none is
 * missed or counted twice. Saves that change no public station's words never wait. False, and the caller
 * counts the matches as before, when the lock was not granted within 200 ms, when the count took longer than
 * COUNT_TIMEOUT (saves wait on it meanwhile), or inside a caller's transaction (the lock would be held to its end).
 */
export async function keepWordSetCount(db: Database, words: string[]): Promise<boolean> {
  if (db instanceof PgTransaction) return false;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('lock_timeout', '200ms', true), set_config('statement_timeout', ${COUNT_TIMEOUT}, true)`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('battledeck:search-word-pairs'))`);
      // Served by the copy's words index; the filter tokens are tested on the matches.
      const held = words.filter((word) => !word.startsWith(FILTER_WORD));
      const filters = words.filter((word) => word.startsWith(FILTER_WORD)).map((word) => word.slice(FILTER_WORD.length));
      const { table, columns, key } = keptRow(words);
      await tx.execute(sql`INSERT INTO ${table} (${columns}, public_stations)
        SELECT ${key}, (SELECT count(*) FROM station_search WHERE search_tokens @> ${textArray(held)} AND facets @> ${textArray(filters)})
          FROM ${sortedWords(words)} s
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

import { and, desc, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { search_words } from '../db/schema';
import { escapeLike } from './parts-catalogue-repository';

/** A word of the public stations' vocabulary (decision 015) and how many public stations hold it. */
export interface VocabularyWord {
  word: string;
  stations: number;
}

const inUse = gt(search_words.public_stations, 0);
const columns = { word: search_words.word, stations: search_words.public_stations };

/**
 * The words public stations use that contain `text` (lower-cased by the database, like search_text), at most
 * `limit`: the trigram index of a vocabulary of about 100,000 words answers in well under a millisecond.
 */
export async function wordsContaining(db: Database, text: string, limit: number): Promise<VocabularyWord[]> {
  return db
    .select(columns)
    .from(search_words)
    .where(and(inUse, sql`${search_words.word} LIKE lower(${`%${escapeLike(text)}%`})`))
    .limit(limit);
}

/** The vocabulary's entry for exactly `text` (lower-cased by the database), if a public station uses it. */
export async function wordsEqualTo(db: Database, text: string): Promise<VocabularyWord[]> {
  return db
    .select(columns)
    .from(search_words)
    .where(and(inUse, sql`${search_words.word} = lower(${text})`));
}

/**
 * The words public stations use that `text` is most likely a typo of: pg_trgm word similarity at least
 * `threshold` (the `<%` operator, served by the trigram index), closest and most used first.
 */
export async function wordsCloseTo(db: Database, text: string, threshold: number, limit: number): Promise<VocabularyWord[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`);
    return tx
      .select(columns)
      .from(search_words)
      .where(and(inUse, sql`lower(${text}) <% ${search_words.word}`))
      .orderBy(desc(sql`word_similarity(lower(${text}), ${search_words.word})`), desc(search_words.public_stations))
      .limit(limit);
  });
}

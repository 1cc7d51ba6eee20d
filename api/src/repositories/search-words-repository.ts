import { and, desc, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { part_words, search_words } from '../db/schema';
import { escapeLike } from './parts-catalogue-repository';

/** A word of a vocabulary (decision 015) and how many of its rows (public stations, parts) hold it. */
export interface VocabularyWord {
  word: string;
  uses: number;
}

/**
 * One word of a search: a row matches when it holds one of `anyOf` among its words (from the vocabulary) and,
 * when `text` is set, its text contains `text` as written (each list decides what its text is).
 */
export interface SearchTerm {
  anyOf?: readonly string[];
  /** How many rows hold one of `anyOf` at most: the sum of their counts in the vocabulary. */
  uses?: number;
  text?: string;
}

/** The words of public stations, or of the catalogue's parts, each with its count of rows. */
export type Vocabulary = 'stations' | 'parts';

const vocabularies = {
  stations: { table: search_words, word: search_words.word, uses: search_words.public_stations },
  parts: { table: part_words, word: part_words.word, uses: part_words.parts },
};

function read(db: Database, vocabulary: Vocabulary, condition: ReturnType<typeof sql>) {
  const v = vocabularies[vocabulary];
  return db
    .select({ word: v.word, uses: v.uses })
    .from(v.table)
    .where(and(gt(v.uses, 0), condition));
}

/** The vocabulary's entry for exactly `text` (lower-cased by the database), if a row uses it. */
export async function wordsEqualTo(db: Database, vocabulary: Vocabulary, text: string): Promise<VocabularyWord[]> {
  return read(db, vocabulary, sql`${vocabularies[vocabulary].word} = lower(${text})`);
}

/**
 * The words in use that contain `text` (lower-cased by the database, like the words), at most `limit`: the
 * trigram index of a vocabulary of a million words answers in about a millisecond.
 */
export async function wordsContaining(db: Database, vocabulary: Vocabulary, text: string, limit: number): Promise<VocabularyWord[]> {
  return read(db, vocabulary, sql`${vocabularies[vocabulary].word} LIKE lower(${`%${escapeLike(text)}%`})`).limit(limit);
}

/**
 * The word in use that `text` is most likely a typo of: pg_trgm word similarity at least `threshold` (the `<%`
 * operator, served by the trigram index), the closest, then the most used.
 */
export async function closestWord(db: Database, vocabulary: Vocabulary, text: string, threshold: number): Promise<VocabularyWord[]> {
  const v = vocabularies[vocabulary];
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`);
    return read(tx, vocabulary, sql`lower(${text}) <% ${v.word}`)
      .orderBy(desc(sql`word_similarity(lower(${text}), ${v.word})`), desc(v.uses))
      .limit(1);
  });
}

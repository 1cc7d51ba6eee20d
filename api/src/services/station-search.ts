import type { Database } from '../db/database';
import type { SearchTerm } from '../repositories/battlestations-repository';
import { wordsCloseTo, wordsContaining, wordsEqualTo, type VocabularyWord } from '../repositories/search-words-repository';

/**
 * ASCII punctuation at a word's ends, trimmed as migration 0009's `battlestation_search_tokens` trims a
 * station's words ('setup.' is 'setup'): keep the two in step.
 */
const EDGE_PUNCTUATION = /^[!-/:-@[-`{-~]+|[!-/:-@[-`{-~]+$/g;
/**
 * Shorter words have too few trigrams for the vocabulary's index or a fair similarity: they match whole words
 * ('4k', '27', 'pc'), never parts of words.
 */
const WORD_MIN_LENGTH = 3;
/** A word inside more vocabulary words than this ('ing') is matched on the text itself instead. */
const MAX_WORDS_CONTAINING = 500;
/** How alike a typo and a vocabulary word must be (pg_trgm word similarity: 'cozzy' and 'cozy' are 0.57). */
const TYPO_THRESHOLD = 0.5;

export interface StationSearch {
  terms: SearchTerm[];
  /** The number of matches when the vocabulary already tells it (one word standing for one vocabulary word). */
  total?: number;
}

/**
 * Turns the search box's words into conditions on the stations' words (decision 015), with the meaning of
 * matching search_text: a word matches a station whose text contains it (as part of one of its words), and a
 * word no public station contains is taken as a typo of the closest word that one does (decision 16).
 * Null when some word matches nothing at all: then no station can match.
 */
export async function planStationSearch(db: Database, words: readonly string[]): Promise<StationSearch | null> {
  const terms: SearchTerm[] = [];
  let total: number | undefined;
  for (const word of words) {
    const core = word.replace(EDGE_PUNCTUATION, '');
    // Punctuation the stations' words lose: the text itself still has to hold the word as typed.
    const contains = core === word ? undefined : word;
    // Only punctuation: no station holds such a word.
    if (core === '') return null;
    let candidates: VocabularyWord[];
    if ([...core].length < WORD_MIN_LENGTH) {
      candidates = await wordsEqualTo(db, core);
    } else {
      candidates = await wordsContaining(db, core, MAX_WORDS_CONTAINING + 1);
      if (candidates.length > MAX_WORDS_CONTAINING) {
        terms.push({ contains: word });
        continue;
      }
      // A typo: the closest word a public station holds stands in for it.
      if (candidates.length === 0) candidates = await wordsCloseTo(db, core, TYPO_THRESHOLD, 1);
    }
    if (candidates.length === 0) return null;
    terms.push({ anyOf: candidates.map((entry) => entry.word), contains });
    if (words.length === 1 && candidates.length === 1 && !contains) total = candidates[0]!.stations;
  }
  return { terms, total };
}

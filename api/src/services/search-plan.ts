import type { Database } from '../db/database';
import {
  closestWord,
  wordsContaining,
  wordsEqualTo,
  type SearchTerm,
  type Vocabulary,
  type VocabularyWord,
} from '../repositories/search-words-repository';

/**
 * ASCII punctuation at a word's ends, trimmed as migration 0009's `battlestation_search_tokens` trims the
 * rows' words ('setup.' is 'setup'): keep the two in step.
 */
const EDGE_PUNCTUATION = /^[!-/:-@[-`{-~]+|[!-/:-@[-`{-~]+$/g;
/** Shorter words have too few trigrams for the vocabulary's index or a fair similarity. */
const WORD_MIN_LENGTH = 3;
/** A word inside more vocabulary words than this ('ing') is matched on the text itself instead. */
const MAX_WORDS_CONTAINING = 500;

export interface SearchPlan {
  terms: SearchTerm[];
  /** The number of matching rows when the vocabulary already tells it (one word standing for one vocabulary word). */
  total?: number;
}

/** Where the lists differ (decisions 007 and 015). */
export interface SearchRules {
  vocabulary: Vocabulary;
  /** Words shorter than three characters: whole words only (stations), or as written in the text (parts). */
  shortWords: 'whole word' | 'text';
  /** A word of punctuation alone: matches nothing (stations), or is looked for in the text (parts). */
  punctuationOnly: 'nothing' | 'text';
  /** How alike a typo and the word it stands for must be (pg_trgm word similarity). */
  typoThreshold: number;
  /** Whether a word found nowhere may be a typo. */
  mayBeTypo(word: string): boolean;
}

/**
 * Turns the search box's words into conditions on the rows' words, with the meaning of matching the text: a
 * word matches a row whose text contains it (as part of one of its words; a search word has no white space),
 * and a word no row contains is taken as a typo of the closest word one does (decision 16). Null when some
 * word matches nothing at all: then no row can match.
 */
export async function planSearch(db: Database, rules: SearchRules, words: readonly string[]): Promise<SearchPlan | null> {
  const terms: SearchTerm[] = [];
  for (const word of words) {
    const core = word.replace(EDGE_PUNCTUATION, '');
    // Punctuation the rows' words lose: the text itself still has to hold the word as typed.
    const text = core === word ? undefined : word;
    let candidates: VocabularyWord[];
    if (core === '') {
      if (rules.punctuationOnly === 'nothing') return null;
      terms.push({ text: word });
      continue;
    } else if ([...core].length < WORD_MIN_LENGTH) {
      if (rules.shortWords === 'text') {
        terms.push({ text: word });
        continue;
      }
      candidates = await wordsEqualTo(db, rules.vocabulary, core);
    } else {
      candidates = await wordsContaining(db, rules.vocabulary, core, MAX_WORDS_CONTAINING + 1);
      if (candidates.length > MAX_WORDS_CONTAINING) {
        terms.push({ text: word });
        continue;
      }
      if (candidates.length === 0 && rules.mayBeTypo(core)) candidates = await closestWord(db, rules.vocabulary, core, rules.typoThreshold);
    }
    if (candidates.length === 0) return null;
    const anyOf = candidates.map((entry) => entry.word);
    // A typo and the word it stands for ('noctua noctuua') are one condition: no second pass over its matches.
    if (terms.some((term) => term.text === text && term.anyOf?.length === anyOf.length && term.anyOf.every((w) => anyOf.includes(w)))) continue;
    terms.push({ anyOf, uses: candidates.reduce((sum, entry) => sum + entry.uses, 0), text });
  }
  const [only] = terms;
  // One word standing for one vocabulary word: the vocabulary knows its total.
  const total = terms.length === 1 && only?.anyOf?.length === 1 && only.text === undefined ? only.uses : undefined;
  return { terms, total };
}

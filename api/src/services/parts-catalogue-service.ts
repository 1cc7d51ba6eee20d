import {
  AUTOCOMPLETE_MAX_RESULTS,
  AUTOCOMPLETE_MIN_CHARS,
  PART_BATTLESTATIONS_PAGE_SIZE,
  PART_NOT_FOUND,
  type AutocompleteEntry,
  type BattlestationsListResponse,
  type PartDetail,
  type PhotoSize,
  type PartsListResponse,
  type partsQuery,
} from '@battledeck/shared/contract';
import type { z } from 'zod';
import type { Database } from '../db/database';
import { notFound } from '../errors';
import {
  countParts,
  findPartDetail,
  findPartTypeId,
  listPartBattlestations,
  listParts,
  listPartsWithKeptTotal,
  listPartStoreLinks,
  popularParts,
  type PartSummaryRow,
  searchWords,
  suggestParts,
  suggestPartsStartingWith,
  withTypoTolerance,
  allowsTypos,
  TYPO_THRESHOLD,
} from '../repositories/parts-catalogue-repository';
import { toBattlestationCard } from './battlestation-cards';
import { planSearch, type SearchRules } from './search-plan';

/** A category as a type_path; an unknown one means every category (SPEC "Parts browse"). */
async function typeIdOfPath(db: Database, path: string | undefined): Promise<number | undefined> {
  return path ? findPartTypeId(db, { path }) : undefined;
}

/** A category as the picker sends it: a type_path or a type_id; absent, 0 or unknown means any. */
async function typeIdOfRef(db: Database, ref: string | undefined): Promise<number | undefined> {
  const text = ref?.trim();
  if (!text || text === '0') return undefined;
  if (/^\d{1,9}$/.test(text)) return findPartTypeId(db, { id: Number(text) });
  return findPartTypeId(db, { path: text });
}

/** A part row as the contract shapes it: the image's size and width copies as one `image_size` (issue 17). */
function withImageSize<T extends PartSummaryRow>(row: T): Omit<T, 'image_width' | 'image_height' | 'image_widths'> & { image_size: PhotoSize | null } {
  const { image_width, image_height, image_widths, ...part } = row;
  const image_size = image_width && image_height ? { width: image_width, height: image_height, widths: image_widths ?? [] } : null;
  return { ...part, image_size };
}

/**
 * The catalogue search's rules (decisions 007 and 015): short words and words of punctuation alone are looked
 * for as written in the name or the manufacturer ('%', 'i9'); typos only in words with 3 letters or digits.
 */
const PART_SEARCH: SearchRules = {
  vocabulary: 'parts',
  shortWords: 'text',
  punctuationOnly: 'text',
  typoThreshold: TYPO_THRESHOLD,
  mayBeTypo: allowsTypos,
};

/** GET /parts: one page of the catalogue with the total of the whole filtered list. */
export async function getParts(db: Database, query: z.output<typeof partsQuery>): Promise<PartsListResponse> {
  const words = query.searchTerm ? searchWords(query.searchTerm) : [];
  const sorted = { sortBy: query.sortBy, direction: query.direction, limit: query.resultsPerPage, offset: (query.pageNumber - 1) * query.resultsPerPage };
  if (words.length === 0) {
    const withTotal = await listPartsWithKeptTotal(db, { ...sorted, typePath: query.partType || undefined });
    if (withTotal) return { parts: withTotal.rows.map(withImageSize), total: withTotal.total };
  }
  const typeId = await typeIdOfPath(db, query.partType);
  const plan = words.length > 0 ? await planSearch(db, PART_SEARCH, words) : { terms: [], total: undefined };
  if (!plan) return { parts: [], total: 0 };
  const filter = { typeId, terms: plan.terms };
  const page = { ...sorted, typeId };
  const read = async (tx: Database) => {
    const rows = await listParts(tx, { ...page, terms: plan.terms });
    // The vocabulary counts parts of every category.
    const total = typeId === undefined && plan.total !== undefined ? plan.total : await countParts(tx, filter);
    return { parts: rows.map(withImageSize), total };
  };
  return plan.terms.length > 0 ? withTypoTolerance(db, words, read) : read(db);
}

/** GET /parts/id/{id}: the part with its category, manufacturer link and store links. */
export async function getPartDetail(db: Database, partId: number): Promise<PartDetail> {
  // Both at once: one wait for the database instead of two (an unknown part's empty store list is dropped).
  const [part, stores] = await Promise.all([findPartDetail(db, partId), listPartStoreLinks(db, partId)]);
  if (!part) throw notFound(PART_NOT_FOUND);
  return { ...withImageSize(part), stores };
}

/** GET /parts/id/{id}/battlestations: public battlestations using the part, 10 a page, newest first. */
export async function getPartBattlestations(db: Database, partId: number, pageNumber: number): Promise<BattlestationsListResponse> {
  const size = PART_BATTLESTATIONS_PAGE_SIZE;
  // The part and the page at once; the total is the part's kept count of the public stations listing it
  // (kept in every write's transaction, as exact as counting them: the counter checks of the tests compare it).
  const [part, rows] = await Promise.all([findPartDetail(db, partId), listPartBattlestations(db, partId, size, (pageNumber - 1) * size)]);
  if (!part) throw notFound(PART_NOT_FOUND);
  return { battlestations: rows.map(toBattlestationCard), total: part.battlestation_count };
}

/**
 * GET /parts/autocomplete: with a term of 2+ characters the best matches (at most 20); without one, the
 * most used names of the category, as many, so the answer stays small on any catalogue size.
 */
export async function getPartSuggestions(db: Database, partType: string | undefined, searchTerm: string | undefined): Promise<AutocompleteEntry[]> {
  const typeId = await typeIdOfRef(db, partType);
  const limit = AUTOCOMPLETE_MAX_RESULTS;
  if (!searchTerm || searchTerm.length < AUTOCOMPLETE_MIN_CHARS) return popularParts(db, { typeId, limit });
  // The names starting with the term come first in the full ranking (then by name) and usually fill the list:
  // found through an index range, where the full ranking reads and ranks every name holding the term (a
  // two-letter term, which no trigram narrows, or a maker's name: thousands of parts).
  const starting = await suggestPartsStartingWith(db, { typeId, term: searchTerm, limit });
  if (starting.length === limit) return starting;
  // Typo matches rank after every name holding the term as written: when those fill the list, the typos need
  // not be looked for, and that is the costly part (word similarity over thousands of names: 'cor' at
  // 20,000 parts 52 ms with it, 4 ms without).
  const asWritten = await suggestParts(db, { typeId, term: searchTerm, limit, typos: false });
  if (asWritten.length === limit || !allowsTypos(searchTerm)) return asWritten;
  return withTypoTolerance(db, [searchTerm], (tx) => suggestParts(tx, { typeId, term: searchTerm, limit, typos: true }));
}

import {
  FEATURED_COUNT,
  type BattlestationCard,
  type BattlestationDetail,
  type BattlestationPart,
  type BattlestationsListResponse,
  type BattlestationSort,
  type Direction,
} from '@battledeck/shared/contract';
import type { AuthUser } from '../auth/auth-user';
import type { Database } from '../db/database';
import { toIso } from '../lib/timestamps';
import { isFavoritedBy } from '../repositories/battlestation-favorites-repository';
import { listStationImages, listStationParts } from '../repositories/battlestation-media-repository';
import {
  countPublicBattlestations,
  findBattlestation,
  listFeaturedBattlestations,
  listPublicBattlestations,
  preferTrigramIndex,
  countPublicTextMatches,
  type SearchTerm,
} from '../repositories/battlestations-repository';
import { assertVisible } from './battlestation-access';
import { toBattlestationCard } from './battlestation-cards';

/** The home page's featured grid (decision 8); private stations never appear (decision 7). */
export async function getFeaturedBattlestations(db: Database): Promise<BattlestationCard[]> {
  const rows = await listFeaturedBattlestations(db, FEATURED_COUNT);
  return rows.map(toBattlestationCard);
}

export interface PublicListParams {
  pageNumber: number;
  resultsPerPage: number;
  sortBy: BattlestationSort;
  direction: Direction;
  searchTerm?: string;
}

const MAX_SEARCH_WORDS = 8;
/** Shorter words have too few trigrams for a fair similarity: they must appear as written. */
const FUZZY_MIN_LENGTH = 3;

/** The search box's text as distinct words (at most 8), each of which must match. */
export function searchWords(term: string | undefined): string[] {
  if (!term) return [];
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * Typo tolerance where it is needed: a word found as written somewhere is matched exactly (searching 'desk'
 * does not bring in 'disk', and stays fast), a word found nowhere is matched loosely (decision 16).
 */
async function typoTolerantTerms(db: Database, words: string[]): Promise<SearchTerm[]> {
  const terms: SearchTerm[] = [];
  for (const word of words) {
    const fuzzy = word.length >= FUZZY_MIN_LENGTH && (await countPublicTextMatches(db, word)) === 0;
    terms.push({ word, fuzzy });
  }
  return terms;
}

/** GET /battlestations: one page of public stations and how many match in all. */
export async function listBattlestations(db: Database, params: PublicListParams): Promise<BattlestationsListResponse> {
  const offset = (params.pageNumber - 1) * params.resultsPerPage;
  const limit = params.resultsPerPage;
  const read = (reader: Database, terms: SearchTerm[], direction: 'asc' | 'desc', from: number, count: number) =>
    listPublicBattlestations(reader, { sortBy: params.sortBy, direction, limit: count, offset: from, terms });
  const page = async (reader: Database, terms: SearchTerm[]) => {
    if (offset === 0) {
      const rows = await read(reader, terms, params.direction, 0, limit);
      // A first page that is not full already tells the total: no second query.
      const total = rows.length < limit ? rows.length : await countPublicBattlestations(reader, terms);
      return { battlestations: rows.map(toBattlestationCard), total };
    }
    const total = await countPublicBattlestations(reader, terms);
    if (offset >= total) return { battlestations: [], total };
    // Past the middle, the page is read from the other end: the last page costs what the first does.
    const fromEnd = total - offset - limit;
    const rows =
      offset > total / 2
        ? (await read(reader, terms, params.direction === 'asc' ? 'desc' : 'asc', Math.max(0, fromEnd), Math.min(limit, total - offset))).reverse()
        : await read(reader, terms, params.direction, offset, limit);
    return { battlestations: rows.map(toBattlestationCard), total };
  };
  const words = searchWords(params.searchTerm);
  if (words.length === 0) return page(db, []);
  return db.transaction(async (tx) => {
    // A word of one or two characters has no trigram: the index cannot help it, a table scan is then best.
    if (words.every((word) => word.length >= FUZZY_MIN_LENGTH)) await preferTrigramIndex(tx);
    // Every word as written first: when a station has them all, none of them is a typo, and the typo check
    // (a count per word, 20-50 ms each at 100,000 stations) is not needed.
    const exact = await page(tx, words.map((word) => ({ word, fuzzy: false })));
    if (exact.total > 0) return exact;
    const terms = await typoTolerantTerms(tx, words);
    return terms.some((term) => term.fuzzy) ? page(tx, terms) : exact;
  });
}

/** GET /battlestations/id/{id}: the page of one station, with `is_favorited` for the caller. */
export async function getBattlestationDetail(db: Database, user: AuthUser | null, id: number): Promise<BattlestationDetail> {
  const station = assertVisible(user, await findBattlestation(db, id));
  const images = await listStationImages(db, id);
  const parts = await listStationParts(db, id);
  const favorited = user ? await isFavoritedBy(db, user.uid, id) : false;
  return {
    battlestation_id: station.battlestation_id,
    name: station.name,
    username: station.username,
    user_id: station.user_id,
    created_date: toIso(station.created_date),
    instagram_url: station.instagram_url,
    reddit_url: station.reddit_url,
    description: station.description,
    is_public: station.is_public ? 1 : 0,
    favorites: station.favorites,
    is_favorited: favorited ? 1 : 0,
    image_count: station.image_count,
    part_count: station.part_count,
    images: images.map((row) => row.image),
    image_sizes: images.map((row) => ({ width: row.width, height: row.height, widths: row.widths ?? [] })),
    parts,
  };
}

/** GET /battlestations/id/{id}/parts: the part list (Copy Part List dialog), same visibility rule. */
export async function getBattlestationParts(
  db: Database,
  user: AuthUser | null,
  id: number,
): Promise<{ parts: BattlestationPart[]; isPublic: boolean }> {
  const station = assertVisible(user, await findBattlestation(db, id));
  return { parts: await listStationParts(db, id), isPublic: station.is_public };
}

import {
  FEATURED_COUNT,
  type BattlestationCard,
  type BattlestationDetail,
  type BattlestationsListResponse,
  type BattlestationSort,
  type ColourFamily,
  type Direction,
  type MainUse,
  type MonitorFilter,
} from '@battledeck/shared/contract';
import type { AuthUser } from '../auth/auth-user';
import type { Database } from '../db/database';
import { toIso } from '../lib/timestamps';
import {
  countPublicBattlestations,
  countSearchMatches,
  findStationPage,
  gatherFromNameSlice,
  gatherPublicBattlestationsWithTotal,
  listFeaturedBattlestations,
  listPageWithKeptTotals,
  listPublicBattlestations,
  walkPublicBattlestations,
  type BattlestationCardRow,
  type PublicListQuery,
} from '../repositories/battlestations-repository';
import type { SearchTerm } from '../repositories/search-words-repository';
import { FENCE_SPLIT_ABOVE, splitLargePageFences } from '../repositories/page-fences-repository';
import { filterWord, keepWordSetCount, readKeptTotals, type KeptCount } from '../repositories/search-word-pairs-repository';
import { keptFacetTotal } from '../repositories/station-facets-repository';
import { assertVisible } from './battlestation-access';
import { toBattlestationCard } from './battlestation-cards';
import { planSearch, type SearchRules } from './search-plan';
import { countFacets, countSearchAndFacets, emptyFacets, FACET_SCAN_MAX, facetsOfAllStations, filterTokens } from './station-filters';

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
  monitorCount?: MonitorFilter;
  mainUse?: MainUse;
  colourFamily?: ColourFamily;
}

const MAX_SEARCH_WORDS = 8;

/**
 * The public search's rules (decision 015): one- and two-character words match whole words ('4k', 'pc'), a
 * word of punctuation alone matches nothing (the words are trimmed of it), any longer word may be a typo.
 */
const STATION_SEARCH: SearchRules = {
  vocabulary: 'stations',
  shortWords: 'whole word',
  punctuationOnly: 'nothing',
  typoThreshold: 0.5,
  mayBeTypo: () => true,
};

/** The search's conditions on the stations' words (see planSearch); null when nothing can match. */
export const planStationSearch = (db: Database, words: readonly string[]) => planSearch(db, STATION_SEARCH, words);

/** The search box's text as distinct words (at most 8), each of which must match. */
export function searchWords(term: string | undefined): string[] {
  if (!term) return [];
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * A search with fewer matches than this is always gathered and sorted: a few thousand rows from the search
 * index cost less than a walk of a sort index that must skip the rest.
 */
const GATHER_ALWAYS = 1000;

/**
 * An unfiltered page within this many rows of the front is read from the front with its totals, in one
 * statement: the walk costs less than the round trips that would learn the total first (which only decides
 * whether to walk from the other end).
 */
const FRONT_WALK_ROWS = 1200;

/**
 * Passes over about `rows` stations (a count or a gathering of a search's matches). The API's passes over
 * many take turns (the large-search-passes plugin, decision 015), so that a few searches for common words
 * cannot take every core of the database from the station pages and lists; small ones run at once.
 */
export interface LargePasses {
  isLarge(rows: number): boolean;
  /** Runs the pass, in its turn when it is large. */
  run<T>(rows: number, pass: () => Promise<T>): Promise<T>;
}
const allAtOnce: LargePasses = { isLarge: () => false, run: (_rows, pass) => pass() };

/**
 * GET /battlestations: one page of public stations and how many match in all, with the filters' facet
 * counts (decision 017).
 */
export async function listBattlestations(db: Database, params: PublicListParams, largePasses: LargePasses = allAtOnce): Promise<BattlestationsListResponse> {
  const offset = (params.pageNumber - 1) * params.resultsPerPage;
  const limit = params.resultsPerPage;
  const facets = filterTokens(params);
  const query = { sortBy: params.sortBy, direction: params.direction, offset, limit, facets };
  let terms: SearchTerm[] = [];
  let knownTotal: number | undefined;
  // Read at most once per request: both the guess below and the page's plan may need it.
  let publicStations: Promise<number> | undefined;
  const countPublic = () => (publicStations ??= countPublicBattlestations(db, []));
  const words = searchWords(params.searchTerm);
  if (words.length === 0 && facets.length === 0) {
    // Past the front, from the nearest fence post (decision 023): the deep page costs what page 1 does.
    const page = await listPageWithKeptTotals(db, query, offset + limit <= FRONT_WALK_ROWS ? 'front' : 'fence');
    // A bucket that has grown (stations created into it) is split now, once: the next deep page walks less.
    if (page?.fenceStations !== undefined && page.fenceStations > FENCE_SPLIT_ABOVE) await splitLargePageFences(db, query.sortBy);
    if (page) return { battlestations: page.rows.map(toBattlestationCard), total: page.total, facets: facetsOfAllStations(page.facetCounts) };
  }
  if (words.length > 0) {
    const search = await planStationSearch(db, words);
    if (!search) return { battlestations: [], total: 0, facets: emptyFacets() };
    ({ terms, total: knownTotal } = search);
    if (knownTotal === undefined && facets.length === 0) knownTotal = await keptSearchTotal(db, terms, largePasses);
  }
  const likely = terms.length > 0 ? await likelyMatches(terms, countPublic) : 0;
  // A count over the search's matches reads each of them: a large one takes its turn (see LargePasses).
  const countMatches = <T>(count: () => Promise<T>) => largePasses.run(likely, count);
  // A large search whose total the vocabulary does not know (two words, a word standing for several): near the
  // front its page is read first. A walk that fills it leaves the count to do; a page that must be gathered
  // counts the matches in the same pass instead of a second one.
  const early =
    terms.length > 0 && facets.length === 0 && knownTotal === undefined && largePasses.isLarge(likely) && offset + limit <= FRONT_WALK_ROWS
      ? await pageBeforeTotal(db, { ...query, terms }, likely, countPublic, largePasses)
      : undefined;
  // Without words the total is one kept row (decision 013; with filters, decision 017 and migration 0020); the
  // vocabulary's total knows no filters.
  // A search that likely matches few enough stations for facet counts counts its matches, those passing its
  // filters and the facets in one pass (half the bound, as words that go together match more than the guess):
  // one without filters when the vocabulary does not know its total, one with filters unless it is large (kept
  // totals first). Not when the page's gathering counted them already.
  const counted =
    terms.length > 0 && early?.total === undefined && likely <= FACET_SCAN_MAX / 2 && (facets.length === 0 ? knownTotal === undefined : !largePasses.isLarge(likely))
      ? await countSearchAndFacets(db, terms, params)
      : undefined;
  // A search with filters whose vocabulary does not know its matches counts both in one pass.
  const both = counted
    ? undefined
    : ((terms.length > 0 && facets.length === 1 ? await keptFilteredTotals(db, terms, facets[0]!, knownTotal, largePasses) : undefined) ??
      (terms.length > 0 && facets.length > 0 && knownTotal === undefined ? await countMatches(() => countSearchMatches(db, terms, facets)) : undefined));
  const total =
    early?.total ??
    counted?.total ??
    both?.filtered ??
    (facets.length === 0 ? knownTotal : undefined) ??
    (terms.length === 0 && facets.length > 0 ? await keptFacetTotal(db, facets) : await countMatches(() => countPublicBattlestations(db, terms, facets)));
  const searchTotal =
    terms.length === 0 ? 0 : (counted?.matches ?? both?.matches ?? knownTotal ?? (facets.length === 0 ? total : await countMatches(() => countPublicBattlestations(db, terms))));
  // A search matching more stations than FACET_SCAN_MAX answers no facet counts: counting them is a pass over every
  // match (460 ms for 'setup' at 100,000), far beyond the list's own cost. One that matches nothing has nothing
  // to count (the pass still cost 665 ms for two common words with no station in common at 1,000,000).
  const facetCounts = counted
    ? counted.matches <= FACET_SCAN_MAX
      ? counted.facets
      : undefined
    : terms.length > 0 && searchTotal === 0
      ? emptyFacets()
      : searchTotal <= FACET_SCAN_MAX
        ? await countFacets(db, terms, params)
        : undefined;
  if (offset >= total) return { battlestations: [], total, facets: facetCounts };
  if (early) return { battlestations: early.rows.map(toBattlestationCard), total, facets: facetCounts };
  // Past the middle, the page is read from the other end: the last page costs what the first does.
  const fromEnd = offset > total / 2;
  const reversed = { direction: params.direction === 'asc' ? 'desc' : 'asc', offset: Math.max(0, total - offset - limit), limit: Math.min(limit, total - offset) } as const;
  const page = fromEnd ? { ...query, ...reversed } : query;
  const rows = terms.length > 0 || facets.length > 0 ? await searchPage(db, { ...page, terms }, total, countPublic, largePasses) : await listPublicBattlestations(db, { ...page, terms });
  return { battlestations: (fromEnd ? rows.reverse() : rows).map(toBattlestationCard), total, facets: facetCounts };
}

/**
 * The total of a large search from kept counts (decision 015, 2026-11-29): two words each standing for one
 * vocabulary word ('max setup'), one word standing for two ('ultra': ultra, ultrawide), such a word beside
 * another ('office ultra') or two such words ('ultra air': air, corsair), when each term is in enough stations
 * that counting their matches would be a large pass. A word set asked for the first time is counted once, in
 * its turn, and kept from then on.
 * Undefined for any other search, or when a count could not be kept now: the matches are counted as before.
 */
async function keptSearchTotal(db: Database, terms: SearchTerm[], largePasses: LargePasses): Promise<number | undefined> {
  const plan = keptTotalPlan(terms);
  return plan && (await keptTotals(db, [plan], largePasses))?.[0];
}

/**
 * A large search with one filter, from kept counts (see keptSearchTotal): its matches with and without the
 * filter, as countSearchMatches counts them, read together. Undefined when either is not kept: they are counted.
 */
async function keptFilteredTotals(db: Database, terms: SearchTerm[], filter: string, knownTotal: number | undefined, largePasses: LargePasses) {
  const filtered = keptTotalPlan(terms, filter);
  if (!filtered) return undefined;
  // The unfiltered plan exists whenever the filtered one does (the same counts without the filter token).
  const unfiltered = knownTotal === undefined ? keptTotalPlan(terms) : undefined;
  const totals = await keptTotals(db, unfiltered ? [filtered, unfiltered] : [filtered], largePasses);
  return totals && { filtered: totals[0]!, matches: knownTotal ?? totals[1]! };
}

/** The plans' totals in one read, once any count not kept yet has been counted in its turn; else undefined. */
async function keptTotals(db: Database, plans: KeptTotalPlan[], largePasses: LargePasses): Promise<number[] | undefined> {
  const rows = Math.min(...plans.map((plan) => plan.rows));
  if (!largePasses.isLarge(rows)) return undefined;
  const counts = plans.map((plan) => plan.counts);
  const first = await readKeptTotals(db, counts);
  if (first.missing.length === 0) return first.totals;
  for (const words of first.missing) {
    if (!(await largePasses.run(rows, () => keepWordSetCount(db, words)))) return undefined;
  }
  const read = await readKeptTotals(db, counts);
  return read.missing.length === 0 ? read.totals : undefined;
}

interface KeptTotalPlan {
  counts: KeptCount[];
  /** About how many stations counting the search's matches would read. */
  rows: number;
}

/**
 * The kept counts a search's total is made of (every station holding the words of each term at once, by
 * inclusion and exclusion), and `rows`: about how many stations counting its matches would read. A term
 * standing for two words holds one or both: A + B - AB; beside a word C, AC + BC - ABC; beside another term
 * standing for C or D, AC + AD + BC + BD - ACD - BCD - ABC - ABD + ABCD. With a filter token, each count is of
 * the stations that also hold it. A kept count is of four words at most.
 */
function keptTotalPlan(terms: SearchTerm[], filter?: string): KeptTotalPlan | undefined {
  const counts = keptCountsOf(terms);
  if (!counts) return undefined;
  const rows = Math.min(...terms.map((term) => term.uses ?? 0));
  if (filter === undefined) return { counts, rows };
  const filtered = counts.map(({ sign, words }) => ({ sign, words: [...words, filterWord(filter)] }));
  return filtered.every(({ words }) => words.length <= KEPT_WORDS_MAX) ? { counts: filtered, rows } : undefined;
}

function keptCountsOf(terms: SearchTerm[]): KeptCount[] | undefined {
  if (terms.some((term) => !term.anyOf || term.text !== undefined)) return undefined;
  const words = terms.map((term) => term.anyOf!);
  const [one, two] = words;
  if (words.length === 1 && one!.length === 1) return [{ sign: 1, words: [one![0]!] }];
  if (words.length === 1 && one!.length === 2) {
    const [a, b] = one as [string, string];
    return [{ sign: 1, words: [a] }, { sign: 1, words: [b] }, { sign: -1, words: [a, b] }];
  }
  if (words.length !== 2) return undefined;
  if (one!.length === 2 && two!.length === 2) return twoPairsCounts(one as [string, string], two as [string, string]);
  const [pair, single] = one!.length === 2 ? [one!, two!] : [two!, one!];
  if (single.length !== 1 || pair.length > 2 || pair.includes(single[0]!)) return undefined;
  const [c] = single as [string];
  if (pair.length === 1) return [{ sign: 1, words: [pair[0]!, c] }];
  const [a, b] = pair as [string, string];
  return [{ sign: 1, words: [a, c] }, { sign: 1, words: [b, c] }, { sign: -1, words: [a, b, c] }];
}

/** The most words one kept count holds (`search_word_quadruples`, migration 0030). */
const KEPT_WORDS_MAX = 4;

/**
 * (A or B) and (C or D): the four pairs, less the four triples, plus the quadruple. Undefined when the terms share
 * a word ('ultra ultr'): a set of three distinct words would be counted as four.
 */
function twoPairsCounts([a, b]: [string, string], [c, d]: [string, string]): KeptCount[] | undefined {
  if (new Set([a, b, c, d]).size < 4) return undefined;
  return [
    { sign: 1, words: [a, c] },
    { sign: 1, words: [a, d] },
    { sign: 1, words: [b, c] },
    { sign: 1, words: [b, d] },
    { sign: -1, words: [a, c, d] },
    { sign: -1, words: [b, c, d] },
    { sign: -1, words: [a, b, c] },
    { sign: -1, words: [a, b, d] },
    { sign: 1, words: [a, b, c, d] },
  ];
}

/**
 * About how many public stations hold every term, from the vocabulary's counts: each word taken as independent
 * of the others (a guess: words that go together match more), never more than the rarest term's count.
 * Unknown (Infinity) when a term is matched on the text alone.
 */
async function likelyMatches(terms: SearchTerm[], countPublic: () => Promise<number>): Promise<number> {
  const uses = terms.map((term) => term.uses ?? Infinity);
  const rarest = Math.min(...uses);
  if (terms.length === 1 || rarest === Infinity) return rarest;
  const stations = Math.max(1, await countPublic());
  return Math.min(rarest, uses.reduce((share, count) => share * Math.min(1, count / stations), stations));
}

/**
 * A walk's budget in rows, as a multiple of the rows an even spread of the matches would need, and at least
 * this many: matches spread along the sort fill the page well within it; matches that sort together (a word
 * of the name, by name) are found out after a few thousand rows instead of the matches' count (decision 015).
 */
const WALK_SPREAD = 8;
const WALK_MIN_BUDGET = 2000;

/**
 * A page of a search or filtered list. Walking a sort index reads about (rows up to the page) × (public
 * stations / matches) rows when the matches are spread along it; gathering the matches reads each once. Take
 * the smaller, but give the walk a budget: matches that sort together can sit far from the start, and then
 * the page is gathered after all (decision 015).
 */
async function searchPage(db: Database, page: PublicListQuery, total: number, countPublic: () => Promise<number>, largePasses: LargePasses) {
  const gathered = () => largePasses.run(total, () => listPublicBattlestations(db, { ...page, gather: true }));
  if (total < GATHER_ALWAYS) return gathered();
  const publicStations = await countPublic();
  const budget = walkBudget(page, total, publicStations);
  const walked = budget === undefined ? undefined : await walkPublicBattlestations(db, page, budget);
  return walked ?? (await pageFromNameSlices(db, page, total, publicStations)) ?? gathered();
}

/**
 * Slices of the name order tried for a by-name page before every match is gathered, as shares of the public
 * stations: a sixteenth, then a quarter (decision 015, 2026-11-28). Below NAME_SLICE_MIN_MATCHES matches the
 * gathering is cheap enough that a slice too thin would only add its cost.
 */
const NAME_SLICES = [1 / 16, 1 / 4];
const NAME_SLICE_MIN_MATCHES = 10_000;

async function pageFromNameSlices(db: Database, page: PublicListQuery, matches: number, publicStations: number) {
  if (page.sortBy !== 'name' || matches < NAME_SLICE_MIN_MATCHES) return undefined;
  for (const share of NAME_SLICES) {
    const rows = await gatherFromNameSlice(db, page, Math.ceil(publicStations * share));
    if (rows) return rows;
  }
  return undefined;
}

/**
 * How many rows a walk of the sort index may read for the page when about `matches` stations match, or
 * undefined when an even spread would already need more rows than gathering reads. Never more than gathering
 * would read (a row walked costs about what a row gathered does at 100,000, and more at 1,000,000, where the
 * walk's heap reads are random), so a walk that gives up adds little.
 */
function walkBudget(page: PublicListQuery, matches: number, publicStations: number): number | undefined {
  const evenWalk = ((page.offset + page.limit) * publicStations) / matches;
  if (matches <= evenWalk) return undefined;
  return Math.min(matches, Math.max(WALK_MIN_BUDGET, Math.ceil(WALK_SPREAD * evenWalk)));
}

/**
 * The page of a large search before its total is known (see listBattlestations): walked when its matches are
 * spread along the sort (the total is then counted as usual), else gathered with the total from the same
 * pass. Undefined past the last match.
 */
async function pageBeforeTotal(
  db: Database,
  page: PublicListQuery,
  likely: number,
  countPublic: () => Promise<number>,
  largePasses: LargePasses,
): Promise<{ rows: BattlestationCardRow[]; total?: number } | undefined> {
  const budget = walkBudget(page, likely, await countPublic());
  const walked = budget === undefined ? undefined : await walkPublicBattlestations(db, page, budget);
  if (walked) return { rows: walked };
  return largePasses.run(likely, () => gatherPublicBattlestationsWithTotal(db, page));
}

/** GET /battlestations/id/{id}: the page of one station, with `is_favorited` for the caller. */
export async function getBattlestationDetail(db: Database, user: AuthUser | null, id: number): Promise<BattlestationDetail> {
  const station = assertVisible(user, await findStationPage(db, id, user?.uid ?? null));
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
    is_favorited: station.favorited ? 1 : 0,
    image_count: station.image_count,
    part_count: station.part_count,
    images: station.photos.map((photo) => photo.image),
    image_sizes: station.photos.map((photo) => ({ width: photo.width, height: photo.height, widths: photo.widths })),
    image_hotspots: station.photos.map((photo) => photo.hotspots ?? []),
    parts: station.parts,
    monitor_count: station.monitor_count,
    monitor_count_manual: station.monitor_count_manual,
    main_uses: station.main_uses as MainUse[],
    palette: station.palette,
  };
}

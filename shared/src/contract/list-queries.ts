import type { battlestationsQuery } from './battlestations';
import type { partsQuery } from './parts';
import type { z } from './zod';
import {
  BATTLESTATION_PAGE_SIZES,
  BATTLESTATION_SORTS,
  DIRECTIONS,
  LIMITS,
  PAGE_NUMBER_MAX,
  PART_PAGE_SIZES,
  PART_SORTS,
} from './constants';
import { COLOUR_FAMILIES, MAIN_USES, MONITOR_FILTERS } from './desk-properties';

/**
 * Zod-free readers of the public lists' URL query, for the pages' first paint: the same answers as the
 * contract's query schemas (list-queries.test.ts holds them to it), which the API keeps validating with.
 */

/** One query parameter's text (never empty) read as a value, or `undefined` when it is not a valid one. */
export type ParamReader<T> = (text: string) => T | undefined;
/** A reader for each parameter of a list's state. */
export type ListQueryReader<S> = { [K in keyof S]-?: ParamReader<Exclude<S[K], undefined>> };

/** Text as `z.coerce.number()` reads it. */
function numberOf(text: string): number | undefined {
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

/** As the contract's pageNumberOf. */
export const readPageNumber: ParamReader<number> = (text) => {
  const number = numberOf(text);
  return number !== undefined && Number.isInteger(number) && number >= 1 && number <= PAGE_NUMBER_MAX ? number : undefined;
};

/** As the contract's pageSizeOf. */
export function pageSizeReader(sizes: readonly number[]): ParamReader<number> {
  return (text) => {
    const number = numberOf(text);
    return number !== undefined && sizes.includes(number) ? number : undefined;
  };
}

/** As the contract's oneOf. */
export function oneOfReader<const T extends string>(values: readonly T[]): ParamReader<T> {
  return (text) => (values as readonly string[]).includes(text) ? (text as T) : undefined;
}

/** As the contract's searchTermSchema: trimmed, at most LIMITS.searchTermMax characters, blank is none. */
export const readSearchTerm: ParamReader<string> = (text) => {
  const term = text.trim();
  return term && term.length <= LIMITS.searchTermMax ? term : undefined;
};

export type BattlestationsListState = z.output<typeof battlestationsQuery>;

/** /battlestations (GET /battlestations). */
export const battlestationsListQuery: ListQueryReader<BattlestationsListState> = {
  pageNumber: readPageNumber,
  resultsPerPage: pageSizeReader(BATTLESTATION_PAGE_SIZES),
  sortBy: oneOfReader(BATTLESTATION_SORTS),
  direction: oneOfReader(DIRECTIONS),
  searchTerm: readSearchTerm,
  monitorCount: oneOfReader(MONITOR_FILTERS),
  mainUse: oneOfReader(MAIN_USES),
  colourFamily: oneOfReader(COLOUR_FAMILIES),
};

/** The parts catalogue's list: GET /parts with the category in the path and the public page sizes only. */
export type PartsBrowseState = Omit<z.output<typeof partsQuery>, 'partType'>;

export const partsBrowseListQuery: ListQueryReader<PartsBrowseState> = {
  pageNumber: readPageNumber,
  resultsPerPage: pageSizeReader(PART_PAGE_SIZES),
  sortBy: oneOfReader(PART_SORTS),
  direction: oneOfReader(DIRECTIONS),
  searchTerm: readSearchTerm,
};

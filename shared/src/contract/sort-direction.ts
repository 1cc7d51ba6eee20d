import type { Direction } from './common';

/** Sorts whose natural order is "most first": favorites and Most Popular (decision 24), and the admin's counts. */
const DESCENDING_SORTS = new Set(['favorites', 'battlestation_count', 'part_count']);
/** Sorts that keep whatever direction was chosen: the date. */
const DIRECTION_KEEPING_SORTS = new Set(['created_date']);

/**
 * The direction a list takes when its sort changes (decision 24): favorites and Most Popular descending,
 * names ascending, the date as it was. The direction toggle still flips it afterwards.
 */
export function naturalDirection(sortBy: string, current: Direction): Direction {
  if (DIRECTION_KEEPING_SORTS.has(sortBy)) return current;
  return DESCENDING_SORTS.has(sortBy) ? 'desc' : 'asc';
}

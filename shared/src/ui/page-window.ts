export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** Total pages = ceil(total / page size), at least 1 (SPEC §9). */
export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page past the last of a list that has rows (an old link, rows removed since): decision 3 moves it. */
export function isPastTheEnd(page: number, total: number, pageSize: number): boolean {
  return total > 0 && page > totalPages(total, pageSize);
}

/** Page changes are clamped between 1 and the last page. */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, pages));
}

/**
 * The numbered buttons (SPEC "Public browse"): all pages up to 10; beyond that, near the start
 * 1-5 … last, in the middle first … current-2..current+2 … last, near the end first … current-2..last.
 */
export function pageWindow(current: number, pages: number): PageItem[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (pages <= 10) return range(1, pages);
  const page = clampPage(current, pages);
  if (page < 5) return [...range(1, 5), 'ellipsis-end', pages];
  if (page >= pages - 3) return [1, 'ellipsis-start', ...range(page - 2, pages)];
  return [1, 'ellipsis-start', ...range(page - 2, page + 2), 'ellipsis-end', pages];
}

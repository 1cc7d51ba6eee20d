import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { ListQueryReader } from '../contract/list-queries';
import { totalPages } from './page-window';
import { listSearch, readListState, type ListQuerySource, type ListSchema } from './read-list-state';

type ListUpdate<S> = (changes: Partial<S>, options?: { replace?: boolean }) => void;

/**
 * A list's state (page, page size, sort, direction, search) kept in the URL query (decision 3), read
 * through the contract's query schema or a zod-free reader of it: a value that is missing, unknown or out
 * of range falls back to the default, so a shared link, reload or back/forward restores exactly what is
 * valid.
 */
export function useListState<S extends ListSchema>(schema: S, defaults: z.output<S>): readonly [z.output<S>, ListUpdate<z.output<S>>];
export function useListState<S extends object>(reader: ListQueryReader<S>, defaults: S): readonly [S, ListUpdate<S>];
export function useListState(source: ListQuerySource<object>, defaults: object) {
  const [params, setParams] = useSearchParams();

  const state = useMemo(() => readListState(source as ListQueryReader<object>, defaults, params), [params, source, defaults]);

  /** Changes some values; anything but a page change starts again at page 1 (a new search never lands on an empty page). */
  const update = useCallback(
    (changes: Record<string, unknown>, options: { replace?: boolean } = {}) => {
      const next = { ...state, ...changes } as Record<string, unknown>;
      if (!('pageNumber' in changes) && 'pageNumber' in next) next.pageNumber = (defaults as Record<string, unknown>).pageNumber;
      setParams(new URLSearchParams(listSearch(next, defaults)), { replace: options.replace });
    },
    [state, defaults, setParams],
  );

  return [state, update] as const;
}

/**
 * A page past the end of a list (an old link, rows deleted since) shows the last page instead (decision 3),
 * replacing the address. `total` is undefined until the list has answered.
 */
export function useLastPageBeyondEnd(
  state: { pageNumber: number; resultsPerPage: number },
  total: number | undefined,
  update: (changes: { pageNumber: number }, options?: { replace?: boolean }) => void,
): void {
  const pages = total === undefined ? undefined : totalPages(total, state.resultsPerPage);
  const beyondEnd = pages !== undefined && state.pageNumber > pages;
  useEffect(() => {
    if (beyondEnd) update({ pageNumber: pages! }, { replace: true });
  }, [beyondEnd, pages, update]);
}

import { partTypesQueryOptions } from '@battledeck/shared/api';
import type { PartType } from '@battledeck/shared/contract';
import { PARTS_QUERY_DEFAULTS, partsBrowseListQuery, type PartsBrowseState } from '@battledeck/shared/plain-contract';
import { useListState } from '@battledeck/shared/ui';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { partPaths, useBasePath } from '../../../lib/base-path';

/** The browse page's query: the contract's, with the category in the path and the public page sizes only. */
export const browseQuery = partsBrowseListQuery;

export const BROWSE_DEFAULTS: PartsBrowseState = { ...PARTS_QUERY_DEFAULTS, searchTerm: undefined };

/** Query keys a category change keeps: how the list is shown, not what was searched or which page. */
const KEPT_ON_CATEGORY_CHANGE = ['sortBy', 'direction', 'resultsPerPage'];

export type CategoryState =
  | { status: 'all' }
  | { status: 'loading'; path: string }
  | { status: 'found'; type: PartType }
  | { status: 'unknown' }
  /** The categories could not be loaded: the path is used as it is. */
  | { status: 'unverified'; path: string };

/**
 * The catalogue's state, all in the URL (decision 3): the category in the path, page, page size, sort,
 * direction and search in the query, invalid values falling back to the defaults.
 */
export function useCatalogueState() {
  const { partType: path } = useParams();
  const [list, update] = useListState(browseQuery, BROWSE_DEFAULTS);
  const [params] = useSearchParams();
  const base = useBasePath();
  const types = useQuery(partTypesQueryOptions());

  let category: CategoryState;
  if (!path) category = { status: 'all' };
  else if (types.isPending) category = { status: 'loading', path };
  else if (types.isError) category = { status: 'unverified', path };
  else {
    const type = types.data.find((t) => t.type_path === path);
    category = type ? { status: 'found', type } : { status: 'unknown' };
  }

  /** A category's address: the search starts again (SPEC "Parts browse") on its first page; sort and size stay. */
  const hrefFor = useCallback(
    (typePath: string | undefined) => {
      const kept = new URLSearchParams();
      for (const key of KEPT_ON_CATEGORY_CHANGE) {
        const value = params.get(key);
        if (value) kept.set(key, value);
      }
      const search = kept.toString();
      return `${partPaths.browse(base, typePath)}${search ? `?${search}` : ''}`;
    },
    [params, base],
  );
  return { path, category, types, list, update, hrefFor };
}

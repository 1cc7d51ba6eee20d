import { queryOptions } from '@tanstack/react-query';
import { AUTOCOMPLETE_MIN_CHARS } from '../contract/constants';
import type { AutocompleteEntry } from '../contract/parts';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /parts/autocomplete: the server filters (case-insensitive, best first, at most 20). */
export function getPartSuggestions(partType: string | undefined, searchTerm: string, signal?: AbortSignal): Promise<AutocompleteEntry[]> {
  // Revalidated (ETag) rather than read from the browser cache, so a part just approved shows up at once.
  return apiRequest<AutocompleteEntry[]>('/parts/autocomplete', { query: { partType, searchTerm }, signal, cache: 'no-cache' });
}

export function partSuggestionsQueryOptions(partType: string | undefined, searchTerm: string) {
  const term = searchTerm.trim();
  return queryOptions({
    queryKey: queryKeys.parts.autocomplete(partType, term),
    queryFn: ({ signal }) => getPartSuggestions(partType, term, signal),
    enabled: term.length >= AUTOCOMPLETE_MIN_CHARS,
    staleTime: 5 * 60 * 1000,
  });
}

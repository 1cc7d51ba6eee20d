import { queryOptions } from '@tanstack/react-query';
import { SIMILAR_PARTS_MIN_CHARS } from '../contract/constants';
import type { SimilarPart } from '../contract/part-duplicates';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /parts/similar: existing parts a missing part's name may mean, the category `partType` first. */
export function getSimilarParts(name: string, partType: string | undefined, signal?: AbortSignal): Promise<SimilarPart[]> {
  return apiRequest<SimilarPart[]>('/parts/similar', { query: { name, partType }, signal });
}

export function similarPartsQueryOptions(name: string, partType: string | undefined) {
  const trimmed = name.trim();
  return queryOptions({
    queryKey: queryKeys.parts.similar(partType, trimmed),
    queryFn: ({ signal }) => getSimilarParts(trimmed, partType, signal),
    enabled: trimmed.length >= SIMILAR_PARTS_MIN_CHARS,
    staleTime: 5 * 60 * 1000,
  });
}

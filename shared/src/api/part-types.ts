import { queryOptions } from '@tanstack/react-query';
import type { PartType } from '../contract/parts';
import { apiRequest } from './client';
import { PART_TYPES_STALE_MS } from './query-client';
import { queryKeys } from './query-keys';

/** GET /parts/types: the categories the top bar, the catalogue and the admin area all use. */
export function getPartTypes(): Promise<PartType[]> {
  return apiRequest<PartType[]>('/parts/types');
}

export function partTypesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.parts.types(),
    queryFn: getPartTypes,
    staleTime: PART_TYPES_STALE_MS,
  });
}

import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { adminPartsQuery, AdminPartsResponse } from '@battledeck/shared/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../../lib/list-params';

type Params = ListParams<typeof adminPartsQuery>;

/** GET /admin/parts: one page of the admin parts table, each part with its store links. */
export function getAdminParts(params: Params, signal?: AbortSignal): Promise<AdminPartsResponse> {
  return apiRequest<AdminPartsResponse>('/admin/parts', { auth: 'required', query: { ...params }, signal });
}

/** Keyed under ['parts', …] so every parts mutation (and the catalogue's) refreshes it too. */
export function adminPartsQueryOptions(params: Params) {
  return queryOptions({
    queryKey: queryKeys.parts.list({ admin: true, ...params }),
    queryFn: ({ signal }) => getAdminParts(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** `enabled` false waits (e.g. for the part types, to know which type the path names). */
export function useAdminParts(params: Params, enabled = true) {
  return useQuery({ ...adminPartsQueryOptions(params), enabled });
}

import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { adminBattlestationsQuery, BattlestationsListResponse } from '@battledeck/shared/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../../lib/list-params';

type Params = ListParams<typeof adminBattlestationsQuery>;

/** GET /admin/battlestations: every station, private ones included. */
export function getAdminBattlestations(params: Params, signal?: AbortSignal): Promise<BattlestationsListResponse> {
  return apiRequest<BattlestationsListResponse>('/admin/battlestations', { auth: 'required', query: { ...params }, signal });
}

export function adminBattlestationsQueryOptions(params: Params) {
  return queryOptions({
    queryKey: queryKeys.admin.battlestations(params),
    queryFn: ({ signal }) => getAdminBattlestations(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminBattlestations(params: Params) {
  return useQuery(adminBattlestationsQueryOptions(params));
}

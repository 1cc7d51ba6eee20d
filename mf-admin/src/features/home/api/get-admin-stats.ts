import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { AdminStats } from '@battledeck/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /admin/stats: the admin home's live figures. */
export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return apiRequest<AdminStats>('/admin/stats', { auth: 'required', signal });
}

export function adminStatsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.admin.stats(), queryFn: ({ signal }) => getAdminStats(signal) });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}

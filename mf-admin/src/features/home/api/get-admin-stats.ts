import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { AdminStats } from '@battledeck/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** How often the admin home asks again while it is open and visible (decision 18: live figures). */
export const ADMIN_STATS_REFRESH_MS = 15_000;

/** GET /admin/stats: the admin home's live figures. */
export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return apiRequest<AdminStats>('/admin/stats', { auth: 'required', signal });
}

export function adminStatsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.admin.stats(), queryFn: ({ signal }) => getAdminStats(signal) });
}

/**
 * The figures, asked again every 15 s while the tab is visible (TanStack pauses the interval in the
 * background) and at once when the admin comes back to it.
 */
export function useAdminStats() {
  return useQuery({
    ...adminStatsQueryOptions(),
    refetchInterval: ADMIN_STATS_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
}

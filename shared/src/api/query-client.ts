import { QueryClient } from '@tanstack/react-query';

export const HOUR_MS = 60 * 60 * 1000;
/** Part types stay fresh a day (SPEC §9: 86400000 ms). */
export const PART_TYPES_STALE_MS = 86_400_000;

/**
 * The site's one QueryClient (SPEC §7): no retry, no refetch on focus or reconnect, data fresh an hour.
 * Mounting refetches only data that is stale, which after an hour or an invalidation is exactly what must be
 * refreshed, so an edit shows at once on every page (the original kept showing the old data).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: true,
        staleTime: HOUR_MS,
      },
      mutations: { retry: false },
    },
  });
}

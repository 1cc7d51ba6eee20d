import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { BattlestationCard } from '@battledeck/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /battlestations/featured: up to 12 public stations, most favorited first (decision 8). */
export function getFeatured(): Promise<BattlestationCard[]> {
  return apiRequest<BattlestationCard[]>('/battlestations/featured');
}

export function featuredQueryOptions() {
  return queryOptions({ queryKey: queryKeys.battlestations.featured(), queryFn: getFeatured });
}

export function useFeatured() {
  return useQuery(featuredQueryOptions());
}

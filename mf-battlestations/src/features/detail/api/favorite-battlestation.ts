import { apiRequest, invalidateAfterStationWrite } from '@battledeck/shared/api';
import type { BattlestationDetail, FavoriteBody, FavoriteResponse } from '@battledeck/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stationPagesFilter } from '../../../lib/get-battlestation';

/** PUT /battlestations/favorites/{id}: add or remove; answers the new count. */
export function favoriteBattlestation(id: number, action: FavoriteBody['action']): Promise<FavoriteResponse> {
  return apiRequest<FavoriteResponse>(`/battlestations/favorites/${id}`, { method: 'PUT', auth: 'required', json: { action } });
}

interface FavoriteVariables {
  action: FavoriteBody['action'];
}

/**
 * Favorites a station optimistically (decision 4): the heart and the count change at once in every cached
 * copy of the station, roll back if the call fails, then take the server's count; lists refresh after.
 */
export function useFavoriteMutation(id: number) {
  const queryClient = useQueryClient();
  const pages = stationPagesFilter(id);
  const patch = (change: (station: BattlestationDetail) => BattlestationDetail) =>
    queryClient.setQueriesData<BattlestationDetail>(pages, (station) => (station ? change(station) : station));

  return useMutation({
    mutationFn: ({ action }: FavoriteVariables) => favoriteBattlestation(id, action),
    onMutate: async ({ action }) => {
      // Only copies already here: the signed-in viewer's first load (the page shows the visitor's meanwhile)
      // must go on, or, cancelled with nothing to go back to, it would never be asked again.
      await queryClient.cancelQueries({ ...pages, predicate: (query) => pages.predicate(query) && query.state.data !== undefined });
      const previous = queryClient.getQueriesData<BattlestationDetail>(pages);
      const delta = action === 'add' ? 1 : -1;
      patch((s) => ({ ...s, is_favorited: action === 'add' ? 1 : 0, favorites: Math.max(0, s.favorites + delta) }));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (result) => {
      patch((s) => ({ ...s, ...result }));
      // The station's own page is already right; everything else that shows its count refreshes.
      return invalidateAfterStationWrite(queryClient, { keepDetailOf: id });
    },
  });
}

import { apiRequest, invalidateAfterStationWrite } from '@battledeck/shared/api';
import type { FavoriteResponse, UserFavoritesResponse } from '@battledeck/shared/contract';
import { useSession } from '@battledeck/shared/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { favoritesQueryOptions } from './get-favorites';

/** PUT /battlestations/favorites/{id} with action 'remove': answers the station's new count. */
export function removeFavorite(id: number): Promise<FavoriteResponse> {
  return apiRequest<FavoriteResponse>(`/battlestations/favorites/${id}`, { method: 'PUT', auth: 'required', json: { action: 'remove' } });
}

const REMOVE_FAVORITE_KEY = ['users', 'favorites', 'remove'] as const;

/**
 * Takes a station off the signed-in user's favorites optimistically (decision 4): the row goes at once and
 * comes back in its place if the call fails; once the last pending removal settles, every list and count
 * that shows a station refreshes.
 */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  const uid = useSession((s) => s.user?.uid) ?? '';
  const { queryKey } = favoritesQueryOptions(uid);

  return useMutation({
    mutationKey: REMOVE_FAVORITE_KEY,
    mutationFn: (id: number) => removeFavorite(id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey });
      const stations = queryClient.getQueryData<UserFavoritesResponse>(queryKey) ?? [];
      const index = stations.findIndex((s) => s.battlestation_id === id);
      queryClient.setQueryData<UserFavoritesResponse>(queryKey, (list) => list?.filter((s) => s.battlestation_id !== id));
      return { removed: index === -1 ? undefined : { station: stations[index], index } };
    },
    onError: (_error, _id, context) => {
      const removed = context?.removed;
      if (!removed) return;
      // Put back only this row, where it was: other removals may be under way.
      queryClient.setQueryData<UserFavoritesResponse>(queryKey, (list = []) =>
        list.some((s) => s.battlestation_id === removed.station.battlestation_id) ? list : list.toSpliced(removed.index, 0, removed.station),
      );
    },
    onSettled: () => (queryClient.isMutating({ mutationKey: REMOVE_FAVORITE_KEY }) <= 1 ? invalidateAfterStationWrite(queryClient) : undefined),
  });
}

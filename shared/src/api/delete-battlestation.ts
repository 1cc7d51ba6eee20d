import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { invalidateAfterStationWrite } from './invalidate-after-station-write';

/** DELETE /battlestations/id/{id}: the owner or staff delete a station (rows, favorites, photos). */
export function deleteBattlestation(id: number): Promise<void> {
  return apiRequest<void>(`/battlestations/id/${id}`, { method: 'DELETE', auth: 'required' });
}

/** Deletes a station (the editor, the profile table and the admin table); everything that showed it refreshes. */
export function useDeleteBattlestation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBattlestation,
    onSuccess: (_data, id) => invalidateAfterStationWrite(queryClient, { parts: true, deletedId: id }),
  });
}

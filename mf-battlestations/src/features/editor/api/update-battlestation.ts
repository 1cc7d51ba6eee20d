import { apiUpload, invalidateAfterStationWrite, queryKeys, toFormData } from '@battledeck/shared/api';
import type { BattlestationDetail, UpdateBattlestationFields } from '@battledeck/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadVariables } from './create-battlestation';

/** PUT /battlestations/id/{id} (multipart): the changed fields, then new photos as `added_images`; answers the station. */
export function updateBattlestation(id: number, { payload, onProgress, signal }: UploadVariables<UpdateBattlestationFields>): Promise<BattlestationDetail> {
  return apiUpload<BattlestationDetail>(`/battlestations/id/${id}`, {
    method: 'PUT',
    form: toFormData({ ...payload.fields }, { added_images: payload.files }),
    onProgress,
    signal,
  });
}

/**
 * Saves an edit; the answer replaces the cached station (the edit form and the page show it at once) and
 * every list that shows it refreshes, the parts' too (their counts and station cards may change).
 */
export function useUpdateBattlestation(id: number, viewer: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: UploadVariables<UpdateBattlestationFields>) => updateBattlestation(id, variables),
    onSuccess: (station) => {
      queryClient.setQueryData([...queryKeys.battlestations.detail(id), { viewer }], station);
      // The part list's own answer has the whole Part shape (ADR 018), the station's only names: read it again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.battlestations.parts(id) });
      return invalidateAfterStationWrite(queryClient, { parts: true, keepDetailOf: id });
    },
  });
}

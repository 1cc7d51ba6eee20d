import { apiRequest, queryKeys } from '@battledeck/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /parts/{id}: refused (409, with the reason) while battlestations use the part. */
export function deletePart(partId: number): Promise<void> {
  return apiRequest<void>(`/parts/${partId}`, { method: 'DELETE', auth: 'required' });
}

export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePart,
    onSuccess: (_data, partId) =>
      Promise.all([
        queryClient.removeQueries({ queryKey: queryKeys.parts.detail(partId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stores.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
      ]),
  });
}

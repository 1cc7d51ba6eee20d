import { apiRequest, queryKeys } from '@battledeck/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /parts/pending/{id}: drops a part request. */
export function deletePendingPart(requestId: number): Promise<void> {
  return apiRequest<void>(`/parts/pending/${requestId}`, { method: 'DELETE', auth: 'required' });
}

export function useDeletePendingPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePendingPart,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.pending() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats() }),
      ]),
  });
}

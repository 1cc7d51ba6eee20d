import { apiRequest, queryKeys } from '@battledeck/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /stores/{id}: the store and its part links. */
export function deleteStore(storeId: number): Promise<void> {
  return apiRequest<void>(`/stores/${storeId}`, { method: 'DELETE', auth: 'required' });
}

export function useDeleteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStore,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.stores.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
      ]),
  });
}

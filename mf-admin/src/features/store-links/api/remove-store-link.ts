import { apiRequest } from '@battledeck/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterLinkChange } from './invalidate-store-links';

/** DELETE /admin/store-links/{partId}/{storeId}: the part no longer links to the store. */
export function removeStoreLink({ partId, storeId }: { partId: number; storeId: number }): Promise<void> {
  return apiRequest<void>(`/admin/store-links/${partId}/${storeId}`, { method: 'DELETE', auth: 'required' });
}

export function useRemoveStoreLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeStoreLink, onSuccess: () => invalidateAfterLinkChange(queryClient) });
}

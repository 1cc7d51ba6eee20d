import { apiRequest } from '@battledeck/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterLinkChange } from './invalidate-store-links';

export interface FixStoreLinkInput {
  partId: number;
  storeId: number;
  url: string;
}

/** PUT /admin/store-links/{partId}/{storeId}: the link's new address (checked again on the next pass). */
export function fixStoreLink({ partId, storeId, url }: FixStoreLinkInput): Promise<{ url: string }> {
  return apiRequest<{ url: string }>(`/admin/store-links/${partId}/${storeId}`, { method: 'PUT', auth: 'required', json: { url } });
}

export function useFixStoreLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fixStoreLink, onSuccess: () => invalidateAfterLinkChange(queryClient) });
}

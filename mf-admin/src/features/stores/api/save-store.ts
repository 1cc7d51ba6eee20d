import { apiRequest, queryKeys, toFormData } from '@battledeck/shared/api';
import type { Store, StoreBody } from '@battledeck/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /stores or PUT /stores/{id} (multipart: name, url). */
export function saveStore({ storeId, body }: { storeId?: number; body: StoreBody }): Promise<Store> {
  return apiRequest<Store>(storeId ? `/stores/${storeId}` : '/stores', {
    method: storeId ? 'PUT' : 'POST',
    auth: 'required',
    form: toFormData({ ...body }),
  });
}

/** Stores show in the stores table, the part form's chooser, part pages (store names) and the admin figures. */
export function useSaveStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStore,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.stores.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
      ]),
  });
}

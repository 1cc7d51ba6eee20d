import { apiRequest, queryKeys, toFormData } from '@battledeck/shared/api';
import type { PendingPart } from '@battledeck/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /parts/pending/{id} (multipart): marks a request approved (e.g. the part already exists) or pending again. */
export function updatePendingStatus({ requestId, status }: { requestId: number; status: PendingPart['status'] }): Promise<PendingPart> {
  return apiRequest<PendingPart>(`/parts/pending/${requestId}`, { method: 'PUT', auth: 'required', form: toFormData({ status }) });
}

export function useUpdatePendingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePendingStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.pending() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats() }),
      ]),
  });
}

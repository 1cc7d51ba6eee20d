import { apiRequest, queryKeys, toFormData } from '@battledeck/shared/api';
import type { PartWriteFields } from '@battledeck/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export interface PartSave {
  /** Absent: create (POST /parts/); present: update (PUT /parts/{id}). */
  partId?: number;
  fields: PartWriteFields;
  image?: File;
}

/** POST /parts/ or PUT /parts/{id} (multipart): the part form's save; with request_id it also approves a request. */
export function savePart({ partId, fields, image }: PartSave): Promise<{ part_id: number }> {
  const form = toFormData({ ...fields }, image ? { image: [image] } : {});
  return apiRequest<{ part_id: number }>(partId ? `/parts/${partId}` : '/parts/', { method: partId ? 'PUT' : 'POST', auth: 'required', form });
}

/**
 * A saved part changes the catalogue (lists, detail, autocomplete, pending requests), the stores' part
 * counts, the admin figures, and, when renamed, the part lists shown on battlestations.
 */
export function useSavePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePart,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stores.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.battlestations.all }),
      ]),
  });
}

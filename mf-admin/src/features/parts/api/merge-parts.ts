import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { PartMergeSummary } from '@battledeck/shared/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/** GET /parts/{id}/merge-preview?into: what merging part `mergedId` into `keptId` would move (admins only). */
export function getMergePreview(mergedId: number, keptId: number, signal?: AbortSignal): Promise<PartMergeSummary> {
  return apiRequest<PartMergeSummary>(`/parts/${mergedId}/merge-preview`, { query: { into: keptId }, auth: 'required', signal });
}

export function mergePreviewQueryOptions(mergedId: number | undefined, keptId: number | undefined) {
  return queryOptions({
    queryKey: [...queryKeys.parts.all, 'merge-preview', mergedId ?? 0, keptId ?? 0] as const,
    queryFn: ({ signal }) => getMergePreview(mergedId!, keptId!, signal),
    enabled: mergedId !== undefined && keptId !== undefined,
    // Always fresh: the confirmation must say what moves now.
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /parts/{id}/merge {into}: the merged part's stations, store links and requests move; it is deleted. */
export function mergeParts({ mergedId, keptId }: { mergedId: number; keptId: number }): Promise<PartMergeSummary> {
  return apiRequest<PartMergeSummary>(`/parts/${mergedId}/merge`, { method: 'POST', auth: 'required', json: { into: keptId } });
}

export function useMergeParts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeParts,
    onSuccess: (_summary, { mergedId }) =>
      Promise.all([
        queryClient.removeQueries({ queryKey: queryKeys.parts.detail(mergedId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        // Stations now list the kept part.
        queryClient.invalidateQueries({ queryKey: queryKeys.battlestations.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stores.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
      ]),
  });
}

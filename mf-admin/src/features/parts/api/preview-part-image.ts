import { apiRequest, queryKeys } from '@battledeck/shared/api';
import { isHttpUrl, type ImagePreviewResponse } from '@battledeck/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** POST /parts/image-preview: the server fetches the URL under the import rules and answers a thumbnail (data: URL). */
export function previewPartImage(imageUrl: string, signal?: AbortSignal): Promise<ImagePreviewResponse> {
  return apiRequest<ImagePreviewResponse>('/parts/image-preview', { method: 'POST', auth: 'required', json: { image_url: imageUrl }, signal });
}

export function imagePreviewQueryOptions(imageUrl: string) {
  return queryOptions({
    queryKey: [...queryKeys.parts.all, 'image-preview', imageUrl] as const,
    queryFn: ({ signal }) => previewPartImage(imageUrl, signal),
    staleTime: Infinity,
  });
}

/** The preview of a taken image URL; nothing is asked for an empty or non-http(s) URL. */
export function useImagePreview(imageUrl: string) {
  return useQuery({ ...imagePreviewQueryOptions(imageUrl), enabled: isHttpUrl(imageUrl) });
}

import { useEffect, useRef } from 'react';
import type { PhotoItem } from '../utils/form-schema';

/** Revokes the preview URL of every picked photo that leaves the list, and of all of them on unmount. */
export function usePreviewUrls(photos: PhotoItem[]) {
  const live = useRef(new Set<string>());
  useEffect(() => {
    const now = new Set(photos.flatMap((photo) => (photo.kind === 'new' ? [photo.previewUrl] : [])));
    for (const url of live.current) if (!now.has(url)) URL.revokeObjectURL(url);
    live.current = now;
  }, [photos]);
  useEffect(() => {
    const urls = live;
    return () => urls.current.forEach((url) => URL.revokeObjectURL(url));
  }, []);
}

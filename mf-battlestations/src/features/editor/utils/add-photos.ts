import { LIMITS } from '@battledeck/shared/contract';
import type { PhotoItem } from './form-schema';

let counter = 0;

export interface AddPhotosResult {
  photos: PhotoItem[];
  /** Files left out because the list already had 20 photos. */
  overLimit: number;
}

/**
 * Appends picked files: a file whose name is already on the list is ignored (SPEC "Create battlestation"),
 * and no more than 20 photos are kept. Each new photo gets a preview URL (revoked when it goes).
 */
export function addPhotos(current: PhotoItem[], files: File[], createUrl: (file: File) => string = (f) => URL.createObjectURL(f)): AddPhotosResult {
  const names = new Set(current.flatMap((photo) => (photo.kind === 'new' ? [photo.file.name] : [])));
  const next = [...current];
  let overLimit = 0;
  for (const file of files) {
    if (names.has(file.name)) continue;
    if (next.length >= LIMITS.imagesPerStationMax) {
      overLimit += 1;
      continue;
    }
    names.add(file.name);
    counter += 1;
    next.push({ key: `new:${counter}:${file.name}`, kind: 'new', file, previewUrl: createUrl(file) });
  }
  return { photos: next, overLimit };
}

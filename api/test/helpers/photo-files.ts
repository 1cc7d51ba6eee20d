import { photoFileNames, thumbnailName, widthVariantName } from '@battledeck/shared/contract';
import type { Storage } from '../../src/storage/storage';

/** Which of a photo's possible files (web copy, `_thumb`, every width) the storage holds, under `keyOf` a file. */
export async function presentPhotoFiles(storage: Storage, name: string, keyOf: (file: string) => string): Promise<string[]> {
  const files = photoFileNames(name);
  const found = await Promise.all(files.map((file) => storage.exists(keyOf(file))));
  return files.filter((_, i) => found[i]);
}

/** The files a photo with these width copies has, in presentPhotoFiles' order. */
export const expectedPhotoFiles = (name: string, widths: number[]) => [name, thumbnailName(name), ...widths.map((w) => widthVariantName(name, w))];

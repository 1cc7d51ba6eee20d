import { photoFileNames, type ImageFolder } from '@battledeck/shared/contract';
import type { Logger } from '../lib/logger';
import { imageKey, stationImageKey, type Storage } from '../storage/storage';

const BATCH = 32;

/**
 * Deletes photos with their `_thumb` and width copies once the rows that named them are committed as gone. Failures
 * are logged and never thrown: the records are already deleted, and a leftover file is only wasted space.
 */
export async function removeStoredImages(storage: Storage, log: Logger, folder: ImageFolder, names: readonly string[]): Promise<void> {
  const keys: string[] = [];
  for (const name of names) {
    try {
      // Every width a photo could have (deleting a missing key is not an error), whatever its row recorded.
      const files = photoFileNames(name);
      keys.push(...files.map((file) => imageKey(folder, file)));
      // A station photo is in the public folder or the private one, whichever its station was: try both,
      // so no caller can leave a private copy behind.
      if (folder === 'battlestations') keys.push(...files.map((file) => stationImageKey(file, true)));
    } catch (error) {
      log.error({ err: error, name }, 'not deleting an image with an unexpected name');
    }
  }
  for (let i = 0; i < keys.length; i += BATCH) {
    const batch = keys.slice(i, i + BATCH);
    const results = await Promise.allSettled(batch.map((key) => storage.delete(key)));
    results.forEach((result, j) => {
      if (result.status === 'rejected') log.error({ err: result.reason, key: batch[j] }, 'could not delete an image file');
    });
  }
}

import { photoFileNames, thumbnailName, widthVariantName } from '@battledeck/shared/contract';
import { randomImageName, type ImageExtension } from '../images/image-names';
import type { WrittenFiles } from '../images/written-files';
import type { Logger } from '../lib/logger';
import { stationImageKey, type Storage } from '../storage/storage';

/**
 * A private station's photos live under the private prefix, a public one's in the public folder (issue 15).
 * When a station changes sides its photos are copied to the other side under **new** random names (an old
 * public URL someone kept must not start working again later), the rows are renamed in the save's
 * transaction, and only after the commit are the old files deleted. The copies go through `files`, so a
 * save that fails deletes them again: no orphan file, no half-renamed record.
 */

export interface PhotoMove {
  /** Old name → new name, for the rows. */
  renames: Map<string, string>;
  /** The files to delete once the rename is committed. */
  oldKeys: string[];
}

/** A photo to move: its name, and the width copies its row lists (null: not known yet, before the backfill). */
export interface PlacedPhoto {
  image: string;
  widths: readonly number[] | null;
}

/**
 * A photo's files, each beside the name it gets under `renamed`: the web copy, `_thumb`, and the width copies
 * its row lists. Only a photo whose copies are not known yet is looked for under every possible name: a
 * bucket without s3:ListBucket answers a missing key with 403, not 404 (docs/deploy.md).
 */
function filesToMove(photo: PlacedPhoto, renamed: string): [from: string, to: string][] {
  const { image, widths } = photo;
  if (widths === null) {
    // The web copy, `_thumb` and every possible copy pair up by position: each keeps its suffix.
    const targets = photoFileNames(renamed);
    return photoFileNames(image).map((from, i) => [from, targets[i]!]);
  }
  return [
    [image, renamed],
    [thumbnailName(image), thumbnailName(renamed)],
    ...widths.map((width): [string, string] => [widthVariantName(image, width), widthVariantName(renamed, width)]),
  ];
}

export async function movePhotos(files: WrittenFiles, photos: readonly PlacedPhoto[], toPrivate: boolean): Promise<PhotoMove> {
  const renames = new Map<string, string>();
  const oldKeys: string[] = [];
  for (const photo of photos) {
    const ext: ImageExtension = photo.image.endsWith('.png') ? 'png' : 'jpg';
    const renamed = randomImageName(ext);
    for (const [from, to] of filesToMove(photo, renamed)) {
      const oldKey = stationImageKey(from, !toPrivate);
      const bytes = await files.storage.get(oldKey);
      // A file already lost must not pin the station to its side: the row is renamed all the same.
      if (!bytes) continue;
      await files.put(stationImageKey(to, toPrivate), bytes);
      oldKeys.push(oldKey);
    }
    renames.set(photo.image, renamed);
  }
  return { renames, oldKeys };
}

/** After the commit: the files the rows no longer name. Failures are logged; the records are already right. */
export async function removeOldPhotoFiles(storage: Storage, log: Logger, keys: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') log.error({ err: result.reason, key: keys[i] }, 'could not delete a moved photo file');
  });
}

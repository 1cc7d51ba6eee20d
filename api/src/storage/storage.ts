import type { Readable } from 'node:stream';
import type { ImageFolder } from '@battledeck/shared/contract';

/**
 * Where image files live. Keys are `{folder}/{file}`; the local driver keeps them under IMAGES_DIR and the
 * API serves them, an S3-compatible driver (later) keeps them in a bucket behind IMAGE_BASE_URL.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Public URL of a key (IMAGE_BASE_URL + key). */
  url(key: string): string;
}

const KEY = /^(battlestations|parts)\/[A-Za-z0-9][A-Za-z0-9_-]*\.[a-z0-9]{2,5}$/;

export function imageKey(folder: ImageFolder, file: string): string {
  return assertKey(`${folder}/${file}`);
}

/** Keys come from our own random names; anything else (a path, `..`) is a bug or an attack. */
export function assertKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

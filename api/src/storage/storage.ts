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
  /** The file's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Public URL of a key (IMAGE_BASE_URL + key). */
  url(key: string): string;
}

const KEY = /^(battlestations|parts|private\/battlestations)\/[A-Za-z0-9][A-Za-z0-9_-]*\.[a-z0-9]{2,5}$/;

/**
 * Where a private station's photos live (issue 15): outside the public folders, a prefix that the public
 * image route (`/images/{battlestations|parts}/…`) never serves and a bucket policy or CDN must not expose.
 * They are read only through GET /api/battlestations/images/{file}, which checks who is asking.
 */
export const PRIVATE_PREFIX = 'private';

export function imageKey(folder: ImageFolder, file: string): string {
  return assertKey(`${folder}/${file}`);
}

/** A station photo's key: the public folder, or under `private/` when the station is private. */
export function stationImageKey(file: string, isPrivate: boolean): string {
  return assertKey(isPrivate ? `${PRIVATE_PREFIX}/battlestations/${file}` : `battlestations/${file}`);
}

/** Keys come from our own random names; anything else (a path, `..`) is a bug or an attack. */
export function assertKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

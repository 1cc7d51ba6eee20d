import { privateStationImagePath } from '@battledeck/shared/format';
import { sessionStore } from '@battledeck/shared/session';
import { apiBlob } from './client';

/**
 * GET /battlestations/images/{file} (T): a private station's photo or `_thumb`, for its owner and staff
 * (issue 15). An <img> cannot send the token, so the bytes are fetched here and shown from an object URL.
 */
export function getPrivateStationImage(file: string): Promise<Blob> {
  return apiBlob(privateStationImagePath(file), { auth: 'required' });
}

/** Files kept for the session (mostly thumbnails of a few tens of KB); the least recently used go first. */
export const PRIVATE_IMAGE_CACHE_SIZE = 120;

const cache = new Map<string, Promise<Blob>>();
let cacheOwner: string | null = null;

/**
 * The file's bytes, fetched once per name for the signed-in user's session: names never change content
 * (a station changing sides gets new names), so a table of thumbnails re-rendering, paging back or
 * remounting does not fetch again. Failures are not kept; signing in as someone else empties the cache.
 */
export function loadPrivateStationImage(file: string): Promise<Blob> {
  const uid = sessionStore.getState().user?.uid ?? null;
  if (uid !== cacheOwner) {
    cache.clear();
    cacheOwner = uid;
  }
  const cached = cache.get(file);
  if (cached) {
    cache.delete(file);
    cache.set(file, cached);
    return cached;
  }
  const loading = getPrivateStationImage(file);
  cache.set(file, loading);
  loading.catch(() => {
    if (cache.get(file) === loading) cache.delete(file);
  });
  while (cache.size > PRIVATE_IMAGE_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return loading;
}

/** Empties the cache (tests). */
export function clearPrivateStationImages(): void {
  cache.clear();
  cacheOwner = null;
}

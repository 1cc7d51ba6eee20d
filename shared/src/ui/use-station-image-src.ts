import { useEffect, useState } from 'react';
import { loadPrivateStationImage } from '@battledeck/shared/api';
import { imageUrl, photoSrcSet, stationImageFile, thumbnailUrl } from '@battledeck/shared/format';
import { useSession } from '@battledeck/shared/session';
import type { PhotoSize } from '../contract/images';

export interface StationImageOptions {
  /** The station is private: its photos are not public files (issue 15). */
  isPrivate: boolean;
  /** The `_thumb` file rather than the web copy. */
  thumb?: boolean;
  /** The photo's size and width copies (from the station's data): a public photo gets a `srcset` of them. */
  size?: PhotoSize | null;
}

export interface StationImageSrc {
  /** What to put in `src`; undefined while a private photo loads or when it could not be had. */
  src: string | undefined;
  /**
   * A public photo's width copies, for the browser to pick by its slot (issue 17). A private photo has none:
   * its one file (the `_thumb` or the web copy) is fetched with the token, which a srcset cannot carry.
   */
  srcSet?: string;
  status: 'ready' | 'loading' | 'error';
}

const canMakeObjectUrls = () => typeof URL.createObjectURL === 'function';

/**
 * Where a station photo shows from. A public station's photo is its plain public URL, at once (no fetch,
 * nothing else changes). A private station's photo is fetched through the API client with the user's token
 * (cached per name for the session) into an object URL, revoked when the name changes or on unmount.
 */
export function useStationImageSrc(name: string | null | undefined, { isPrivate, thumb = false, size }: StationImageOptions): StationImageSrc {
  const file = name && isPrivate ? stationImageFile(name, thumb) : null;
  // The token is not there before the session is known; a different user needs their own fetch.
  const sessionLoading = useSession((s) => s.loading);
  const uid = useSession((s) => s.user?.uid ?? null);
  const [shown, setShown] = useState<{ file: string; uid: string | null; url?: string; failed?: boolean } | null>(null);

  useEffect(() => {
    if (!file || sessionLoading) return;
    let live = true;
    let url: string | undefined;
    loadPrivateStationImage(file).then(
      (blob) => {
        if (!live) return;
        if (!canMakeObjectUrls()) return setShown({ file, uid, failed: true });
        url = URL.createObjectURL(blob);
        setShown({ file, uid, url });
      },
      () => {
        if (live) setShown({ file, uid, failed: true });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file, uid, sessionLoading]);

  if (!name) return { src: undefined, status: 'error' };
  if (!isPrivate) {
    const src = thumb ? thumbnailUrl('battlestations', name) : imageUrl('battlestations', name);
    return { src, srcSet: photoSrcSet('battlestations', name, size), status: 'ready' };
  }
  if (!shown || shown.file !== file || shown.uid !== uid) return { src: undefined, status: 'loading' };
  return shown.url ? { src: shown.url, status: 'ready' } : { src: undefined, status: 'error' };
}

/** Starts loading a photo before it shows (the viewer's neighbours): a public URL into the browser cache, a private one into ours. */
export function preloadStationImage(name: string, { isPrivate, thumb = false }: StationImageOptions): void {
  if (!isPrivate) {
    new Image().src = thumb ? thumbnailUrl('battlestations', name) : imageUrl('battlestations', name);
    return;
  }
  loadPrivateStationImage(stationImageFile(name, thumb)).catch(() => undefined);
}

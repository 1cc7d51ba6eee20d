import { thumbnailName, type ImageFolder } from '../contract/images';

export { thumbnailName, type ImageFolder };

declare global {
  interface Window {
    /** Set by the host page when images are served from a CDN or bucket (decision 2). */
    __BATTLEDECK_IMAGE_BASE__?: string;
  }
}

const DEFAULT_IMAGE_BASE = '/images';

function imageBase(): string {
  return (typeof window !== 'undefined' && window.__BATTLEDECK_IMAGE_BASE__) || DEFAULT_IMAGE_BASE;
}

export function imageUrl(folder: ImageFolder, file: string): string {
  return `${imageBase()}/${folder}/${encodeURIComponent(file)}`;
}

export function thumbnailUrl(folder: ImageFolder, file: string): string {
  return imageUrl(folder, thumbnailName(file));
}

/** A station photo's file: the web copy, or its `_thumb`. */
export function stationImageFile(name: string, thumb: boolean): string {
  return thumb ? thumbnailName(name) : name;
}

/**
 * The API path (under the API's base URL, which only the API client knows) of a private station's photo
 * file: never a public URL, it is fetched with the user's token (issue 15, decision 7).
 */
export function privateStationImagePath(file: string): string {
  return `/battlestations/images/${encodeURIComponent(file)}`;
}

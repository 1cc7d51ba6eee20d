import { thumbnailName, widthVariantName, type ImageFolder } from '../contract/image-names';
import type { PhotoSize } from '../contract/images';

export { thumbnailName, widthVariantName, type ImageFolder, type PhotoSize };

declare global {
  interface Window {
    /** Set by the host page when images are served from a CDN or bucket (decision 2). */
    __BATTLEDECK_IMAGE_BASE__?: string;
  }
}

const DEFAULT_IMAGE_BASE = '/images';
let serverImageBase: string | undefined;

/** The image base where there is no host page: the server render (ADR 012) is given the site's IMAGE_BASE_URL. */
export function configureImageBase(base: string): void {
  serverImageBase = base.replace(/\/+$/, '');
}

function imageBase(): string {
  return (typeof window !== 'undefined' && window.__BATTLEDECK_IMAGE_BASE__) || serverImageBase || DEFAULT_IMAGE_BASE;
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

/**
 * A `srcset` of the files a public photo really has (issue 17): its width copies and the web copy at its
 * own width. Undefined without a size (an answer from before the copies): the caller keeps its plain `src`.
 */
export function photoSrcSet(folder: ImageFolder, name: string, size: PhotoSize | null | undefined): string | undefined {
  if (!size) return undefined;
  const copies = size.widths.filter((width) => width < size.width).map((width) => `${imageUrl(folder, widthVariantName(name, width))} ${width}w`);
  return [...copies, `${imageUrl(folder, name)} ${size.width}w`].join(', ');
}

/** Link previews show a picture about 1200 px wide: the largest width copy up to this, else the web copy. */
const PREVIEW_WIDTH = 1280;

/** A public photo's URL for a page's link preview (og:image). */
export function linkPreviewImageUrl(folder: ImageFolder, name: string, size: PhotoSize | null | undefined): string {
  const width = Math.max(0, ...(size?.widths ?? []).filter((candidate) => candidate <= PREVIEW_WIDTH && candidate < size!.width));
  return imageUrl(folder, width > 0 ? widthVariantName(name, width) : name);
}

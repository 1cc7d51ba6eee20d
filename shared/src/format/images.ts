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

import { randomBytes } from 'node:crypto';

export type ImageExtension = 'jpg' | 'png';

/** `{random}.{ext}`: 128 random bits, so names never collide and files can be cached forever. */
export function randomImageName(ext: ImageExtension): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The type of an image we encoded, from its extension ('jpg', 'png', 'webp'). */
export function contentTypeOfExtension(ext: string): string {
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** The type of a file we wrote, from its name: a web copy or `_thumb` (jpg, png) or a width copy (webp). */
export function contentTypeOf(name: string): string {
  return contentTypeOfExtension(name.slice(name.lastIndexOf('.') + 1));
}

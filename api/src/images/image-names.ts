import { randomBytes } from 'node:crypto';

export type ImageExtension = 'jpg' | 'png';

/** `{random}.{ext}`: 128 random bits, so names never collide and files can be cached forever. */
export function randomImageName(ext: ImageExtension): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}

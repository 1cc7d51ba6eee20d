import { thumbnailName, widthVariantName, type ImageFolder } from '@battledeck/shared/contract';
import { imageKey, stationImageKey } from '../storage/storage';
import { processImage, type ProcessOptions } from './image-pipeline';
import { randomImageName } from './image-names';
import type { Palette } from './palette';
import type { DeclaredFile } from './upload-checks';
import type { WrittenFiles } from './written-files';

export interface StoredImage {
  /** `{random}.{ext}`, what the database keeps. */
  name: string;
  thumbName: string;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
  /** The width copies written (`{name}_w{width}.webp`), narrowest first. */
  widths: number[];
  bytes: number;
  /** Its palette (decision 017). */
  palette: Palette;
  /** Stored under the private prefix (a private station's photo) rather than the public folder. */
  isPrivate: boolean;
}

export interface StoreOptions extends ProcessOptions {
  /** For station photos: store under the private prefix, never in the public folder (issue 15). */
  isPrivate?: boolean;
}

/** Runs an upload through the pipeline and writes the web copy, its `_thumb` and its width copies under `folder/`. */
export async function storeImage(
  files: WrittenFiles,
  folder: ImageFolder,
  input: Buffer,
  declared?: DeclaredFile,
  options: StoreOptions = {},
): Promise<StoredImage> {
  const image = await processImage(input, declared, options);
  const name = randomImageName(image.ext);
  const thumbName = thumbnailName(name);
  const isPrivate = folder === 'battlestations' && options.isPrivate === true;
  const key = (file: string) => (folder === 'battlestations' ? stationImageKey(file, isPrivate) : imageKey(folder, file));
  await Promise.all([
    files.put(key(name), image.web.buffer),
    files.put(key(thumbName), image.thumb.buffer),
    ...image.variants.map((copy) => files.put(key(widthVariantName(name, copy.width)), copy.buffer)),
  ]);
  return {
    name,
    thumbName,
    width: image.web.width,
    height: image.web.height,
    thumbWidth: image.thumb.width,
    thumbHeight: image.thumb.height,
    widths: image.variants.map((copy) => copy.width),
    bytes: image.web.buffer.length,
    palette: image.palette,
    isPrivate,
  };
}

import sharp, { type Metadata, type Sharp } from 'sharp';
import { HttpError, MESSAGES } from '../errors';
import type { ImageExtension } from './image-names';
import { assertDeclaredMatches, assertNoHiddenMarkup, type DeclaredFile } from './upload-checks';

export const IMAGE_RULES = {
  /** Far below sharp's 268 MP default: a 4 MB file can still declare a huge canvas (pixel bomb). */
  maxInputPixels: 50_000_000,
  webLongEdge: 2560,
  thumbWidth: 640,
} as const;

/** What the bytes say, not the name or Content-Type (decision 9). GIF keeps its first frame, stored as PNG. */
const OUTPUT: Partial<Record<string, { ext: ImageExtension; contentType: string }>> = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  gif: { ext: 'png', contentType: 'image/png' },
};

export interface EncodedImage {
  buffer: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  ext: ImageExtension;
  contentType: string;
  web: EncodedImage;
  thumb: EncodedImage;
}

function open(input: Buffer): Sharp {
  // 'truncated': refuse cut-off files; minor warnings that real cameras produce still pass.
  return sharp(input, { limitInputPixels: IMAGE_RULES.maxInputPixels, failOn: 'truncated' });
}

function encode(image: Sharp, ext: ImageExtension): Sharp {
  // No keepMetadata/withMetadata: sharp writes no EXIF, XMP, IPTC or ICC chunks (no GPS leaks).
  return ext === 'jpg' ? image.jpeg({ quality: 82, progressive: true }) : image.png({ compressionLevel: 7 });
}

async function toEncoded(image: Sharp): Promise<EncodedImage> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height };
}

async function inspect(input: Buffer, declared: DeclaredFile | undefined): Promise<{ ext: ImageExtension; contentType: string }> {
  let metadata: Metadata;
  try {
    // The header only: no pixel limit here, so a pixel bomb is named as such below instead of "not an image".
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, MESSAGES.unsupportedImage);
  }
  const output = metadata.format ? OUTPUT[metadata.format] : undefined;
  if (!output) throw new HttpError(400, MESSAGES.unsupportedImage);
  assertDeclaredMatches(declared, metadata.format!);
  assertNoHiddenMarkup(input, metadata.format!);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > IMAGE_RULES.maxInputPixels) {
    throw new HttpError(400, MESSAGES.imageTooManyPixels);
  }
  return output;
}

/**
 * Decodes an uploaded image and re-encodes it: EXIF orientation applied, all metadata dropped, a web copy
 * (long edge ≤ 2560 px) and a thumbnail (≤ 640 px wide). Anything that is not a decodable JPEG, PNG or
 * GIF is refused with a 400 whose message can be shown, and so is a file whose name or type (`declared`,
 * for uploads) says it is something else, or with markup hidden in its metadata or after its end.
 */
export async function processImage(input: Buffer, declared?: DeclaredFile): Promise<ProcessedImage> {
  const { ext, contentType } = await inspect(input, declared);
  try {
    const web = await toEncoded(
      encode(
        open(input).autoOrient().resize({
          width: IMAGE_RULES.webLongEdge,
          height: IMAGE_RULES.webLongEdge,
          fit: 'inside',
          withoutEnlargement: true,
        }),
        ext,
      ),
    );
    // From the web copy: already oriented and smaller, so cheaper to scale again.
    const thumb = await toEncoded(
      encode(sharp(web.buffer).resize({ width: IMAGE_RULES.thumbWidth, withoutEnlargement: true }), ext),
    );
    return { ext, contentType, web, thumb };
  } catch (error) {
    throw new HttpError(400, MESSAGES.unreadableImage, { cause: error });
  }
}

import sharp, { type Metadata, type Sharp } from 'sharp';
import { extractPalette, type Palette } from './palette';
import { HttpError, MESSAGES } from '../errors';
import { widthsFor } from '@battledeck/shared/contract';
import { decodeLimiter, type DecodeLimiter } from './decode-limiter';
import type { ImageExtension } from './image-names';
import { assertDeclaredMatches, assertNoHiddenMarkup, type DeclaredFile } from './upload-checks';

export const IMAGE_RULES = {
  /** Far below sharp's 268 MP default: a 4 MB file can still declare a huge canvas (pixel bomb). */
  maxInputPixels: 50_000_000,
  /**
   * Decode budget, checked from the header before any decoding (decision 004): width × height × bits per
   * sample. 400 M = 50 MP at 8 bits (every camera photo that fits in 4 MB) but only 25 MP at 16 bits, whose
   * decode costs several times more CPU per pixel (a 7000×7000 16-bit PNG of 381 KB took 2-3.5 s).
   */
  maxDecodeBits: 400_000_000,
  webLongEdge: 2560,
  thumbWidth: 640,
} as const;

/** What the bytes say, not the name or Content-Type (decision 9). GIF keeps its first frame, stored as PNG. */
const OUTPUT: Partial<Record<string, ImageExtension>> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'png',
};

export interface EncodedImage {
  buffer: Buffer;
  width: number;
  height: number;
}

/** Bits per sample of sharp's pixel formats (`metadata.depth`), what the decode works in. */
const DEPTH_BITS: Record<string, number> = { uchar: 8, char: 8, ushort: 16, short: 16, uint: 32, int: 32, float: 32, complex: 64, double: 64, dpcomplex: 128 };

export const IMAGE_MESSAGES = {
  overBudget: (name: string | undefined, width: number, height: number, bits: number) =>
    `${name ? `The image "${name}"` : 'The image'} is too large to process: ${width} × ${height} pixels at ${bits} bits per sample. ` +
    'At most 50 megapixels at 8 bits per sample (25 at 16 bits) are accepted; save it smaller or at 8 bits per sample.',
} as const;

export interface ProcessOptions {
  /** Whose decode this is (a user id): at most one at a time per owner. Without one, only the global limit applies. */
  owner?: string;
  limiter?: DecodeLimiter;
}

export interface ProcessedImage {
  /** The web copy's and thumbnail's format (contentTypeOfExtension names its type). */
  ext: ImageExtension;
  web: EncodedImage;
  thumb: EncodedImage;
  /** The width copies narrower than the web copy (`RESPONSIVE_WIDTHS`), narrowest first; none is upscaled. */
  variants: EncodedImage[];
  /** Its five colours and their families (decision 017). */
  palette: Palette;
}

function open(input: Buffer): Sharp {
  // 'truncated': refuse cut-off files; minor warnings that real cameras produce still pass.
  return sharp(input, { limitInputPixels: IMAGE_RULES.maxInputPixels, failOn: 'truncated' });
}

function encode(image: Sharp, ext: ImageExtension): Sharp {
  // No keepMetadata/withMetadata: sharp writes no EXIF, XMP, IPTC or ICC chunks (no GPS leaks).
  return ext === 'jpg' ? image.jpeg({ quality: 82, progressive: true }) : image.png({ compressionLevel: 7 });
}

/** Width copies are WebP whatever the photo's format (decision 004): they are only ever shown in a `srcset`. */
function encodeWidthCopy(image: Sharp): Sharp {
  return image.webp({ quality: 80 });
}

async function toEncoded(image: Sharp): Promise<EncodedImage> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height };
}

async function inspect(input: Buffer, declared: DeclaredFile | undefined): Promise<ImageExtension> {
  let metadata: Metadata;
  try {
    // The header only: no pixel limit here, so a pixel bomb is named as such below instead of "not an image".
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, MESSAGES.unsupportedImage);
  }
  const ext = metadata.format ? OUTPUT[metadata.format] : undefined;
  if (!ext) throw new HttpError(400, MESSAGES.unsupportedImage);
  assertDeclaredMatches(declared, metadata.format!);
  assertNoHiddenMarkup(input, metadata.format!);
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > IMAGE_RULES.maxInputPixels) {
    throw new HttpError(400, MESSAGES.imageTooManyPixels);
  }
  const bits = DEPTH_BITS[metadata.depth] ?? 8;
  if (width * height * bits > IMAGE_RULES.maxDecodeBits) {
    throw new HttpError(400, IMAGE_MESSAGES.overBudget(declared?.filename, width, height, bits));
  }
  return ext;
}

/**
 * Decodes an uploaded image and re-encodes it: EXIF orientation applied, all metadata dropped, a web copy
 * (long edge ≤ 2560 px), a thumbnail (≤ 640 px wide) and the WebP width copies below the web copy's width
 * (320…1280 px, issue 17). Anything that is not a decodable JPEG, PNG or
 * GIF is refused with a 400 whose message can be shown, and so is a file whose name or type (`declared`,
 * for uploads) says it is something else, or with markup hidden in its metadata or after its end, or
 * whose header declares more than the decode budget. The checks read the header only; the decode itself
 * waits for a slot of the process-wide limiter (one per owner, the core count in all).
 */
export async function processImage(input: Buffer, declared?: DeclaredFile, options: ProcessOptions = {}): Promise<ProcessedImage> {
  try {
    const ext = await inspect(input, declared);
    const { owner = `unattributed-${unattributed++}`, limiter = decodeLimiter } = options;
    return await limiter.run(owner, () => decode(input, ext));
  } catch (error) {
    throw nameTheFile(error, declared?.filename);
  }
}

/**
 * A refusal of one of several photos names the file, so the person knows which one to replace:
 * '"notes.jpg": Only PNG, JPG or GIF images are accepted.' (the name as sent, cut short, controls dropped).
 */
export function namedImageMessage(filename: string | undefined, message: string): string {
  // eslint-disable-next-line no-control-regex
  const name = filename?.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 100);
  return name ? `"${name}": ${message}` : message;
}

function nameTheFile(error: unknown, filename: string | undefined): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 400 || !filename || error.message.includes(`"${filename}"`)) return error;
  return new HttpError(400, namedImageMessage(filename, error.message), { cause: error.cause });
}

/** Decodes without an owner are told apart by a counter: they share only the global limit. */
let unattributed = 0;

async function decode(input: Buffer, ext: ImageExtension): Promise<ProcessedImage> {
  try {
    // One decode: the oriented web-size pixels, kept raw in memory; every copy is resized from them.
    const { data, info } = await open(input)
      .autoOrient()
      .resize({ width: IMAGE_RULES.webLongEdge, height: IMAGE_RULES.webLongEdge, fit: 'inside', withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const resized = (width: number) => pixels().resize({ width, withoutEnlargement: true });
    const [palette, web, thumb, ...variants] = await Promise.all([
      extractPalette(pixels()),
      toEncoded(encode(pixels(), ext)),
      toEncoded(encode(resized(IMAGE_RULES.thumbWidth), ext)),
      ...widthsFor(info.width).map((width) => toEncoded(encodeWidthCopy(resized(width)))),
    ]);
    return { ext, web, thumb, variants, palette };
  } catch (error) {
    throw new HttpError(400, MESSAGES.unreadableImage, { cause: error });
  }
}

/**
 * The width copies of a web copy we stored earlier (the start-up backfill of issue 17): already oriented and
 * stripped, so no upload checks; decoded once, through the same limiter as uploads.
 */
export async function widthCopiesOf(web: Buffer, limiter: DecodeLimiter = decodeLimiter): Promise<{ width: number; height: number; variants: EncodedImage[] }> {
  return limiter.run(`backfill-${unattributed++}`, async () => {
    const { data, info } = await open(web).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const variants = await Promise.all(widthsFor(info.width).map((width) => toEncoded(encodeWidthCopy(pixels().resize({ width })))));
    return { width: info.width, height: info.height, variants };
  });
}

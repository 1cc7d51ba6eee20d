/**
 * The byte ranges of an image file that are not compressed pixels: metadata segments and chunks,
 * comments, and anything after the image's end marker. Markup hidden in a picture (an HTML/JPEG
 * polyglot) lives there; the compressed pixel data is left out because random bytes would, now and then,
 * happen to spell a tag. A file whose structure cannot be followed gives its remainder as one range.
 */
export type Range = [start: number, end: number];

const JPEG_STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7]);

/** After a start-of-scan header: the end of the entropy-coded data (the next real marker). */
function endOfScan(input: Buffer, from: number): number {
  let at = input.indexOf(0xff, from);
  while (at !== -1 && at + 1 < input.length) {
    const next = input[at + 1];
    // FF00 is a stuffed FF byte and FFD0-D7 restart markers: both belong to the scan.
    if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) return at;
    at = input.indexOf(0xff, at + 2);
  }
  return input.length;
}

export function jpegRegions(input: Buffer): Range[] {
  const regions: Range[] = [];
  let at = 2; // after SOI
  while (at < input.length) {
    if (input[at] !== 0xff) return [...regions, [at, input.length]];
    while (input[at] === 0xff && at < input.length) at += 1; // fill bytes
    const marker = input[at];
    at += 1;
    if (marker === 0xd9) return at < input.length ? [...regions, [at, input.length]] : regions; // EOI: the rest is appended
    if (JPEG_STANDALONE.has(marker)) continue;
    if (at + 2 > input.length) return [...regions, [at, input.length]];
    const end = at + input.readUInt16BE(at);
    if (end > input.length || end < at + 2) return [...regions, [at, input.length]];
    regions.push([at, end]);
    at = marker === 0xda ? endOfScan(input, end) : end;
  }
  return regions;
}

const PIXEL_CHUNKS = new Set(['IDAT', 'fdAT']);

export function pngRegions(input: Buffer): Range[] {
  const regions: Range[] = [];
  let at = 8; // after the signature
  while (at + 12 <= input.length) {
    const length = input.readUInt32BE(at);
    const type = input.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > input.length) return [...regions, [at, input.length]];
    if (!PIXEL_CHUNKS.has(type)) regions.push([at, end]);
    at = end;
    if (type === 'IEND') return at < input.length ? [...regions, [at, input.length]] : regions;
  }
  return at < input.length ? [...regions, [at, input.length]] : regions;
}

/** Skips GIF sub-blocks (a size byte, then that many bytes, until a zero size); answers the offset after them. */
function skipSubBlocks(input: Buffer, from: number): number {
  let at = from;
  while (at < input.length && input[at] !== 0) at += input[at] + 1;
  return at + 1;
}

const colorTableSize = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

export function gifRegions(input: Buffer): Range[] {
  const regions: Range[] = [];
  let at = 13 + colorTableSize(input[10] ?? 0); // header, screen descriptor, global colours
  while (at < input.length) {
    const introducer = input[at];
    if (introducer === 0x3b) return at + 1 < input.length ? [...regions, [at + 1, input.length]] : regions; // trailer
    if (introducer === 0x21) {
      // Extensions (comments, application data, plain text) are all metadata.
      const end = skipSubBlocks(input, at + 2);
      regions.push([at, Math.min(end, input.length)]);
      at = end;
    } else if (introducer === 0x2c && at + 10 <= input.length) {
      at = skipSubBlocks(input, at + 10 + colorTableSize(input[at + 9]) + 1); // descriptor, local colours, LZW size, pixels
    } else {
      return [...regions, [at, input.length]];
    }
  }
  return regions;
}

/** The non-pixel ranges of a file of `format` (sharp's name for it); the whole file for other formats. */
export function nonPixelRegions(input: Buffer, format: string): Range[] {
  if (format === 'jpeg') return jpegRegions(input);
  if (format === 'png') return pngRegions(input);
  if (format === 'gif') return gifRegions(input);
  return [[0, input.length]];
}

import zlib from 'node:zlib';
import sharp from 'sharp';
import { namedImageMessage } from '../../src/images/image-pipeline';
import { noisyJpeg, testJpeg, testPng, type UploadFile } from './upload';

/** Files an attacker (or a confused client) uploads instead of a photo (issue 7 part 4). */

const SCRIPT = '<html><body><script>alert(document.cookie)</script></body></html>';

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real, decodable PNG of `width` × `height` black pixels (1-bit grey): a few hundred KB that declare
 * 400 megapixels at the default size (a decompression bomb).
 */
export function pixelBombPng(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, not interlaced
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8))); // each row: filter byte 0, then zero pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid JPEG with an HTML page in a comment (COM) segment right after the start marker. */
export function jpegWithHtmlComment(jpeg: Buffer): Buffer {
  const text = Buffer.from(SCRIPT, 'latin1');
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, text, jpeg.subarray(2)]);
}

/** A valid JPEG followed by an HTML page after its end-of-image marker. */
export const jpegWithHtmlAfterEnd = (jpeg: Buffer): Buffer => Buffer.concat([jpeg, Buffer.from(SCRIPT, 'latin1')]);

/** A valid PNG with the page in a tEXt chunk (how PNG polyglots carry it). */
export function pngWithHtmlText(png: Buffer): Buffer {
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), pngChunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`, 'latin1')), png.subarray(iend)]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(1)</script><rect width="40" height="40" fill="red"/></svg>',
);

/** A JPEG with GPS coordinates and a camera name in its EXIF. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#6a8' } })
    .withExif({ IFD0: { Make: 'Leaky Cam', Model: 'Home Finder' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' } })
    .jpeg()
    .toBuffer();
}

/** The same, as a PNG (an eXIf chunk). */
export function pngWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#a68' } })
    .withExif({ IFD0: { Make: 'Leaky Cam' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 51/1 0/1' } })
    .png()
    .toBuffer();
}

export interface HostileFile {
  label: string;
  file: UploadFile;
  status: number;
  message: string;
}

const file = (content: Buffer, filename: string, contentType: string): UploadFile => ({ field: 'images', filename, content, contentType });

/** Every hostile upload with the answer the API must give. */
export async function hostileFiles(messages: Record<'tooLarge' | 'unsupported' | 'unreadable' | 'tooManyPixels' | 'mismatch' | 'markup' | 'badName', string>): Promise<HostileFile[]> {
  const jpeg = await testJpeg(7, 320, 240);
  const png = await testPng(160, 120);
  const photo = await noisyJpeg(60_000);
  const oversize = Buffer.concat([photo, Buffer.alloc(4 * 1024 * 1024 + 1 - photo.length, 0x20)]);
  const rows: HostileFile[] = [
    { label: 'a file over 4 MiB', file: file(oversize, 'huge.jpg', 'image/jpeg'), status: 413, message: messages.tooLarge },
    { label: 'text named .jpg', file: file(Buffer.from('MZ this is not a picture at all\n'.repeat(40)), 'photo.jpg', 'image/jpeg'), status: 400, message: messages.unsupported },
    { label: 'an HTML/JPEG polyglot (comment segment)', file: file(jpegWithHtmlComment(jpeg), 'poly.jpg', 'image/jpeg'), status: 400, message: messages.markup },
    { label: 'an HTML/JPEG polyglot (after the end marker)', file: file(jpegWithHtmlAfterEnd(jpeg), 'poly2.jpg', 'image/jpeg'), status: 400, message: messages.markup },
    { label: 'an HTML/PNG polyglot (text chunk)', file: file(pngWithHtmlText(png), 'poly.png', 'image/png'), status: 400, message: messages.markup },
    { label: 'an SVG with a script', file: file(SVG_WITH_SCRIPT, 'vector.svg', 'image/svg+xml'), status: 400, message: messages.unsupported },
    { label: 'an SVG with a script named .jpg', file: file(SVG_WITH_SCRIPT, 'vector.jpg', 'image/jpeg'), status: 400, message: messages.unsupported },
    { label: 'a PNG named .gif', file: file(png, 'renamed.gif', 'image/gif'), status: 400, message: messages.mismatch },
    { label: 'a PNG named .jpg (octet-stream)', file: file(png, 'renamed.jpg', 'application/octet-stream'), status: 400, message: messages.mismatch },
    { label: 'a JPEG sent as text/html', file: file(jpeg, 'photo', 'text/html'), status: 400, message: messages.mismatch },
    { label: 'a 20,000 × 20,000 pixel bomb', file: file(pixelBombPng(), 'bomb.png', 'image/png'), status: 400, message: messages.tooManyPixels },
    { label: 'a truncated JPEG', file: file(photo.subarray(0, Math.floor(photo.length * 0.6)), 'cut.jpg', 'image/jpeg'), status: 400, message: messages.unreadable },
    { label: "a name with '../'", file: file(jpeg, '../../etc/cron.d/photo.jpg', 'image/jpeg'), status: 400, message: messages.badName },
    { label: 'a Windows path name', file: file(jpeg, '..\\..\\photo.jpg', 'image/jpeg'), status: 400, message: messages.badName },
    { label: 'a name with NUL', file: file(jpeg, 'photo.jpg\u0000.html', 'image/jpeg'), status: 400, message: messages.badName },
  ];
  // What the image pipeline refuses names the file (issue 16 item 4); the size and name checks come before it.
  const beforeThePipeline = new Set([messages.tooLarge, messages.badName]);
  return rows.map((row) => (beforeThePipeline.has(row.message) ? row : { ...row, message: namedImageMessage(row.file.filename, row.message) }));
}

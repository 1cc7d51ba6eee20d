import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** A file part of a multipart body. */
export interface UploadFile {
  field: string;
  filename: string;
  content: Buffer;
  contentType?: string;
}

/**
 * A multipart/form-data body for `app.inject`, the way the site's client sends one: text fields first
 * (lists and objects as JSON text), then the files.
 */
export function multipart(
  fields: Record<string, unknown>,
  files: UploadFile[] = [],
  /** Fields sent after the files (which the API refuses). */
  lateFields: Record<string, unknown> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----battledeck${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const addFields = (entries: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(entries)) {
      if (value === undefined) continue;
      const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
    }
  };
  addFields(fields);
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  addFields(lateFields);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small JPEG photo; `shade` makes each one different. */
export function testJpeg(shade = 0, width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: (shade * 37) % 256, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
}

export function testPng(width = 200, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 200, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** A JPEG of about `bytes` bytes: random noise does not compress, so the size is predictable. */
export async function noisyJpeg(bytes: number): Promise<Buffer> {
  // Quality 95 noise costs about 2.2 bytes a pixel; scale the side to land near the target, then check.
  let side = Math.round(Math.sqrt(bytes / 2.2));
  for (let attempt = 0; attempt < 6; attempt++) {
    const raw = randomBytes(side * side * 3);
    const jpeg = await sharp(raw, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
    const ratio = jpeg.length / bytes;
    if (ratio > 0.93 && ratio <= 1) return jpeg;
    side = Math.max(16, Math.round(side / Math.sqrt(ratio / 0.97)));
  }
  throw new Error(`could not make a JPEG of about ${bytes} bytes`);
}

export const photo = (content: Buffer, filename = 'photo.jpg', field = 'images'): UploadFile => ({
  field,
  filename,
  content,
  contentType: filename.endsWith('.png') ? 'image/png' : 'image/jpeg',
});

/** Every file under the test app's images folder for battlestations. */
export async function storedStationFiles(imagesDir: string): Promise<string[]> {
  const dir = path.join(imagesDir, 'battlestations');
  return (await fs.readdir(dir).catch(() => [] as string[])).sort();
}

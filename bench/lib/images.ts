import sharp from 'sharp';
import { processImage } from '../../api/src/images/image-pipeline';
import { percentile, round } from './stats';

/** A photo-like JPEG of about `targetBytes`: smooth gradients plus noise, so it compresses like a real photo. */
export async function makePhoto(targetBytes: number, seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < pixels.length; i += 3) {
    state = (state * 1103515245 + 12345) >>> 0;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    const noise = (state >>> 24) - 128;
    pixels[i] = Math.max(0, Math.min(255, ((x / width) * 200 + noise * 0.35) | 0));
    pixels[i + 1] = Math.max(0, Math.min(255, ((y / height) * 180 + noise * 0.35) | 0));
    pixels[i + 2] = Math.max(0, Math.min(255, (((x + y) / (width + height)) * 220 + noise * 0.35) | 0));
  }
  // Find the quality that lands closest to the target size.
  let best: Buffer | undefined;
  for (const quality of [70, 78, 85, 90, 94]) {
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
    if (!best || Math.abs(jpeg.length - targetBytes) < Math.abs(best.length - targetBytes)) best = jpeg;
    if (jpeg.length > targetBytes) break;
  }
  return best!;
}

/** What a photo becomes without our checks: the same web copy and thumbnail, plain sharp. */
async function plainResize(photo: Buffer): Promise<void> {
  await sharp(photo).rotate().resize(2560, 2560, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 82, progressive: true }).toBuffer();
  await sharp(photo).rotate().resize({ width: 640, withoutEnlargement: true }).jpeg({ quality: 82, progressive: true }).toBuffer();
}

/** The pipeline's throughput over plain sharp on the same photos, same run (median of `rounds`). */
export async function pipelineRatio(photos: Buffer[], rounds: number) {
  const time = async (work: (photo: Buffer) => Promise<unknown>) => {
    const started = performance.now();
    for (const photo of photos) await work(photo);
    return performance.now() - started;
  };
  const pipeline: number[] = [];
  const plain: number[] = [];
  await time(processImage);
  for (let i = 0; i < rounds; i += 1) {
    plain.push(await time(plainResize));
    pipeline.push(await time(processImage));
  }
  const pipelineMs = percentile(pipeline, 50);
  const plainMs = percentile(plain, 50);
  return {
    photos: photos.length,
    pipelineMsPerPhoto: round(pipelineMs / photos.length),
    plainMsPerPhoto: round(plainMs / photos.length),
    throughputRatio: round(plainMs / pipelineMs, 2),
  };
}

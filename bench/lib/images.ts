import { widthsFor } from '@battledeck/shared/contract';
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

/**
 * What a photo becomes without our checks: the same files, plain sharp, one pipeline each: the web copy, the
 * thumbnail, and the WebP width copies (ADR 004's addendum; the web copy's width decides which).
 */
async function plainResize(photo: Buffer): Promise<void> {
  // Side by side, as the pipeline encodes its copies.
  const { width, height } = (await sharp(photo).metadata()).autoOrient;
  const webWidth = Math.round(width * Math.min(1, 2560 / Math.max(width, height)));
  await Promise.all([
    sharp(photo).rotate().resize(2560, 2560, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 82, progressive: true }).toBuffer(),
    sharp(photo).rotate().resize({ width: 640, withoutEnlargement: true }).jpeg({ quality: 82, progressive: true }).toBuffer(),
    ...widthsFor(webWidth).map((copy) => sharp(photo).rotate().resize({ width: copy }).webp({ quality: 80 }).toBuffer()),
  ]);
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

/** A PNG of `width`×`height` at 8 or 16 bits per sample; smooth content, so a few hundred KB at most. */
export function gradientPng(width: number, height: number, bits: 8 | 16): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } });
  return (bits === 16 ? image.toColourspace('rgb16') : image).png({ compressionLevel: 9 }).toBuffer();
}

/** CPU time (every thread of the process: libvips decodes on its own) and wall time of one `work`. */
async function cpuOf(work: () => Promise<unknown>): Promise<{ cpuMs: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { cpuMs: round((used.user + used.system) / 1000, 0), wallMs: round(performance.now() - started, 0) };
}

/**
 * The most expensive uploads the decode budget still accepts (decision 004: 50 MP at 8 bits, 25 MP at
 * 16 bits), and the cost of refusing the 7000×7000 16-bit PNG of issue 15 from its header. Median of `rounds`.
 */
export async function worstAcceptedUpload(rounds: number) {
  const cases = { '7071×7071 8-bit PNG': await gradientPng(7071, 7071, 8), '5000×5000 16-bit PNG': await gradientPng(5000, 5000, 16) };
  const accepted: Record<string, { kb: number; cpuMs: number; wallMs: number }> = {};
  for (const [name, png] of Object.entries(cases)) {
    const runs: { cpuMs: number; wallMs: number }[] = [];
    for (let i = 0; i < rounds; i += 1) runs.push(await cpuOf(() => processImage(png)));
    accepted[name] = { kb: round(png.length / 1024, 0), cpuMs: percentile(runs.map((r) => r.cpuMs), 50), wallMs: percentile(runs.map((r) => r.wallMs), 50) };
  }
  const [worst, figures] = Object.entries(accepted).sort((a, b) => b[1].cpuMs - a[1].cpuMs)[0];
  const bomb = await gradientPng(7000, 7000, 16);
  const refused = await cpuOf(() => processImage(bomb).catch(() => undefined));
  return { accepted, worst, worstCpuMs: figures.cpuMs, worstWallMs: figures.wallMs, refusedBombCpuMs: refused.cpuMs, refusedBombKb: round(bomb.length / 1024, 0) };
}

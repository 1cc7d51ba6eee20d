import sharp from 'sharp';
import { storeImage, type StoredImage } from '../images/store-image';
import type { WrittenFiles } from '../images/written-files';
import { deskSceneSvg } from './desk-scene';
import { partPictureSvg } from './part-picture';
import type { SeedPlan } from './seed-plan';

export interface SeedImageOptions {
  /** Size of the generated "camera" photos before the pipeline; tests use small ones to stay fast. */
  photoWidth: number;
  photoHeight: number;
  partImageSize: number;
  /** Images rendered at once: sharp already uses every core per image, a few in flight hide the I/O. */
  concurrency: number;
}

export const DEFAULT_SEED_IMAGE_OPTIONS: SeedImageOptions = { photoWidth: 1600, photoHeight: 1000, partImageSize: 800, concurrency: 4 };

/** Runs `task` over `items` with at most `limit` in flight, keeping the order of results. */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Renders each part's picture and each station's photos as real JPEG/PNG files, then sends them through
 * the same pipeline and storage as uploads (web copy + _thumb), so demo data exercises the real path.
 */
export async function generateSeedImages(files: WrittenFiles, plan: SeedPlan, options: SeedImageOptions) {
  const partImages = await mapWithConcurrency(plan.parts, options.concurrency, async (part) => {
    const svg = partPictureSvg(plan.partTypes[part.typeIndex].type_path, part.look, options.partImageSize);
    const upload = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
    return storeImage(files, 'parts', upload);
  });

  const photos = plan.battlestations.flatMap((station, stationIndex) => station.photos.map((photo, order) => ({ ...photo, stationIndex, order })));
  const stored = await mapWithConcurrency(photos, options.concurrency, async (photo) => {
    const svg = deskSceneSvg(photo.seed, options.photoWidth, options.photoHeight);
    const rendered = sharp(Buffer.from(svg));
    const upload = await (photo.format === 'png' ? rendered.png() : rendered.jpeg({ quality: 88 })).toBuffer();
    // A private station's photos go under the private prefix from the start (issue 15).
    return storeImage(files, 'battlestations', upload, undefined, { isPrivate: !plan.battlestations[photo.stationIndex].is_public });
  });
  const stationPhotos: StoredImage[][] = plan.battlestations.map(() => []);
  photos.forEach((photo, i) => {
    stationPhotos[photo.stationIndex][photo.order] = stored[i];
  });
  return { partImages, stationPhotos };
}

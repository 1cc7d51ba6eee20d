import { widthVariantName, type ImageFolder } from '@battledeck/shared/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { battlestation_images, battlestations, parts } from '../db/schema';
import { widthCopiesOf } from '../images/image-pipeline';
import type { ImageExtension } from '../images/image-names';
import { withWrittenFiles, type WrittenFiles } from '../images/written-files';
import type { Logger } from '../lib/logger';
import { imageKey, stationImageKey, type Storage } from '../storage/storage';

export interface BackfillDeps {
  db: Database;
  storage: Storage;
  log: Logger;
}

export interface BackfillCount {
  photos: number;
  parts: number;
}

const CONTENT_TYPES: Record<ImageExtension, string> = { jpg: 'image/jpeg', png: 'image/png' };
const extensionOf = (name: string): ImageExtension => (name.endsWith('.png') ? 'png' : 'jpg');

/**
 * Writes the width copies of one stored web copy beside it (`key(file)` places a file); answers the web
 * copy's size and the widths written, or undefined when the web copy is gone (nothing to copy, nothing to
 * advertise). Writes go through `files`, so a failure before the row is updated leaves none.
 */
async function writeCopies(files: WrittenFiles, name: string, key: (file: string) => string) {
  const web = await files.storage.get(key(name));
  if (!web) return undefined;
  const ext = extensionOf(name);
  const { width, height, variants } = await widthCopiesOf(web, ext);
  for (const copy of variants) await files.put(key(widthVariantName(name, copy.width)), copy.buffer, CONTENT_TYPES[ext]);
  return { width, height, widths: variants.map((copy) => copy.width) };
}

async function backfillStationPhotos(deps: BackfillDeps): Promise<number> {
  const rows = await deps.db
    .select({ image: battlestation_images.image, is_public: battlestations.is_public })
    .from(battlestation_images)
    .innerJoin(battlestations, eq(battlestations.battlestation_id, battlestation_images.battlestation_id))
    .where(isNull(battlestation_images.widths));
  let done = 0;
  for (const row of rows) {
    await backfillOne(deps, async (files) => {
      const copies = await writeCopies(files, row.image, (file) => stationImageKey(file, !row.is_public));
      // Renamed since the list was read (a station that changed sides): the update finds no row and throws,
      // so the copies written under the old name are deleted; the new name is filled on the next start.
      const updated = await deps.db
        .update(battlestation_images)
        .set({ widths: copies?.widths ?? [] })
        .where(and(eq(battlestation_images.image, row.image), isNull(battlestation_images.widths)))
        .returning({ image: battlestation_images.image });
      if (updated.length === 0) throw new StaleRow();
    });
    done += 1;
  }
  return done;
}

async function backfillPartImages(deps: BackfillDeps): Promise<number> {
  const rows = await deps.db.select({ part_id: parts.part_id, image: parts.image }).from(parts).where(isNull(parts.image_widths));
  let done = 0;
  for (const row of rows) {
    await backfillOne(deps, async (files) => {
      const copies = await writeCopies(files, row.image, (file) => imageKey('parts' satisfies ImageFolder, file));
      const updated = await deps.db
        .update(parts)
        .set(copies ? { image_width: copies.width, image_height: copies.height, image_widths: copies.widths } : { image_widths: [] })
        .where(and(eq(parts.part_id, row.part_id), eq(parts.image, row.image), isNull(parts.image_widths)))
        .returning({ part_id: parts.part_id });
      if (updated.length === 0) throw new StaleRow();
    });
    done += 1;
  }
  return done;
}

class StaleRow extends Error {}

/** One photo: its copies and its row together, or neither; a failure is logged and left for the next start. */
async function backfillOne(deps: BackfillDeps, work: (files: WrittenFiles) => Promise<void>): Promise<void> {
  try {
    await withWrittenFiles(deps.storage, deps.log, work);
  } catch (error) {
    if (!(error instanceof StaleRow)) deps.log.error({ err: error }, 'could not write the width copies of a photo');
  }
}

/**
 * Existing data of issue 17: photos stored before the width copies existed (old uploads, older demo seeds)
 * have `widths` null. Each gets its copies written from its web copy and its row filled; a photo whose web
 * copy is missing is recorded with no widths, so the client offers only what exists. Idempotent: only rows
 * still null are read, so a second run writes nothing.
 */
export async function backfillPhotoWidths(deps: BackfillDeps): Promise<BackfillCount> {
  return { photos: await backfillStationPhotos(deps), parts: await backfillPartImages(deps) };
}

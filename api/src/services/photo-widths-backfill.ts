import { legacyWidthVariantName, RESPONSIVE_WIDTHS, widthVariantName, type ImageFolder } from '@battledeck/shared/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { battlestation_images, battlestations, parts } from '../db/schema';
import { widthCopiesOf } from '../images/image-pipeline';
import { withWrittenFiles, type WrittenFiles } from '../images/written-files';
import type { Logger } from '../lib/logger';
import { lockBattlestation } from '../repositories/battlestations-repository';
import { imageKey, stationImageKey, type Storage } from '../storage/storage';

export interface BackfillDeps {
  db: Database;
  storage: Storage;
  log: Logger;
  /** Stops the run between two photos (the API is closing); the rest is filled by the next run. */
  signal?: AbortSignal;
}

export interface BackfillCount {
  photos: number;
  parts: number;
}

/**
 * Writes the width copies of one stored web copy beside it (`key(file)` places a file); answers the web
 * copy's size and the widths written, or undefined when the web copy is gone (nothing to copy, nothing to
 * advertise). Writes go through `files`, so a failure before the row is updated leaves none.
 */
async function writeCopies(files: WrittenFiles, name: string, key: (file: string) => string) {
  const web = await files.storage.get(key(name));
  if (!web) return undefined;
  const { width, height, variants } = await widthCopiesOf(web);
  for (const copy of variants) await files.put(key(widthVariantName(name, copy.width)), copy.buffer);
  return { width, height, widths: variants.map((copy) => copy.width) };
}

async function backfillStationPhotos(deps: BackfillDeps): Promise<number> {
  const rows = await deps.db
    .select({ image: battlestation_images.image, id: battlestations.battlestation_id, is_public: battlestations.is_public })
    .from(battlestation_images)
    .innerJoin(battlestations, eq(battlestations.battlestation_id, battlestation_images.battlestation_id))
    .where(isNull(battlestation_images.widths));
  let done = 0;
  for (const row of rows) {
    if (deps.signal?.aborted) break;
    const key = (file: string) => stationImageKey(file, !row.is_public);
    await backfillOne(deps, row.image, key, async (files) => {
      const copies = await writeCopies(files, row.image, key);
      // Under the station's lock, as its saves take it: a save that moves the photo to the other side either
      // finished before (the row is renamed: the copies written under the old name are deleted, and the new
      // name is filled by the next run) or starts after, and moves the copies the row now lists.
      await deps.db.transaction(async (tx) => {
        const station = await lockBattlestation(tx, row.id);
        if (station?.is_public !== row.is_public) throw new StaleRow();
        const updated = await tx
          .update(battlestation_images)
          .set({ widths: copies?.widths ?? [] })
          .where(and(eq(battlestation_images.image, row.image), isNull(battlestation_images.widths)))
          .returning({ image: battlestation_images.image });
        if (updated.length === 0) throw new StaleRow();
      });
    });
    done += 1;
  }
  return done;
}

async function backfillPartImages(deps: BackfillDeps): Promise<number> {
  const rows = await deps.db.select({ part_id: parts.part_id, image: parts.image }).from(parts).where(isNull(parts.image_widths));
  let done = 0;
  for (const row of rows) {
    if (deps.signal?.aborted) break;
    const key = (file: string) => imageKey('parts' satisfies ImageFolder, file);
    await backfillOne(deps, row.image, key, async (files) => {
      const copies = await writeCopies(files, row.image, key);
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

/**
 * One photo: its copies and its row together, or neither; a failure is logged and left for the next start.
 * Once the row names the WebP copies, the copies written in the photo's own format before them (migration
 * 0025 set those rows back to null) are deleted; deleting a file that was never there is not an error.
 */
async function backfillOne(deps: BackfillDeps, name: string, key: (file: string) => string, work: (files: WrittenFiles) => Promise<void>): Promise<void> {
  try {
    await withWrittenFiles(deps.storage, deps.log, work);
  } catch (error) {
    if (!(error instanceof StaleRow)) deps.log.error({ err: error }, 'could not write the width copies of a photo');
    return;
  }
  const legacy = RESPONSIVE_WIDTHS.map((width) => key(legacyWidthVariantName(name, width)));
  const results = await Promise.allSettled(legacy.map((file) => deps.storage.delete(file)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') deps.log.error({ err: result.reason, key: legacy[i] }, 'could not delete an old width copy');
  });
}

/**
 * Existing data of issue 17: photos stored before the width copies existed (old uploads, older demo seeds),
 * or whose copies were written in the photo's own format before they were WebP, have `widths` null. Each
 * gets its copies written from its web copy and its row filled; a photo whose web copy is missing is
 * recorded with no widths, so the client offers only what exists. Idempotent: only rows still null are
 * read, so a second run writes nothing.
 */
export async function backfillPhotoWidths(deps: BackfillDeps): Promise<BackfillCount> {
  return { photos: await backfillStationPhotos(deps), parts: await backfillPartImages(deps) };
}

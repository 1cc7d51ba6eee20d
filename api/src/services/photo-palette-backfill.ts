import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/database';
import { battlestation_images, battlestations } from '../db/schema';
import { decodeLimiter } from '../images/decode-limiter';
import { extractPalette, type Palette } from '../images/palette';
import type { Logger } from '../lib/logger';
import { isTaskCompleted, markTaskCompleted } from '../repositories/completed-tasks-repository';
import { lockBattlestation } from '../repositories/battlestations-repository';
import { refreshBattlestationDerived } from '../repositories/derived-columns-repository';
import { stationImageKey, type Storage } from '../storage/storage';

export interface PaletteBackfillDeps {
  db: Database;
  storage: Storage;
  log: Logger;
  /** Stops the run between two photos (the API is closing): the run is then not complete. */
  signal?: AbortSignal;
}

const NO_PALETTE: Palette = { colours: [], families: [] };

/** The palette of a stored web copy, or none when the file is gone or does not decode (it is not retried). */
async function paletteOfStoredPhoto(deps: PaletteBackfillDeps, key: string): Promise<Palette> {
  const bytes = await deps.storage.get(key);
  if (!bytes) return NO_PALETTE;
  try {
    return await decodeLimiter.run('palette-backfill', () => extractPalette(sharp(bytes)));
  } catch (error) {
    deps.log.warn({ err: error, key }, 'a stored photo did not decode: it gets no palette');
    return NO_PALETTE;
  }
}

/**
 * Existing data of issue 19 (decision 017): photos stored before palettes were extracted at upload have
 * `palette` null, so their stations showed no swatches and matched no colour filter. Each gets the palette of
 * its stored web copy (the pixels the upload's extraction saw, re-encoded once), then its station's derived
 * columns are refreshed (the cover photo's palette and colour families, hence its filter tokens and the kept
 * facet counts). Idempotent: only rows still null are read, and a photo whose file is gone is recorded with an
 * empty palette, so a second run does nothing. Answers how many photos were filled.
 */
export async function backfillPhotoPalettes(deps: PaletteBackfillDeps): Promise<number> {
  return (await fillPalettes(deps)).filled;
}

/** The name `backfillPhotoPalettesOnce` records in `completed_tasks`. */
export const PHOTO_PALETTES_TASK = 'backfill-photo-palettes';

/**
 * The backfill at start-up, once per database: every upload since issue 19 stores its palette, so once a run
 * has filled every photo it listed there is nothing left for a later start to find, and the look for photos
 * without one (a scan of every photo row) is skipped. A run with a photo it could not fill (an error, or the
 * row renamed meanwhile) is not recorded and runs again at the next start.
 */
export async function backfillPhotoPalettesOnce(deps: PaletteBackfillDeps): Promise<number> {
  if (await isTaskCompleted(deps.db, PHOTO_PALETTES_TASK)) return 0;
  const { filled, complete } = await fillPalettes(deps);
  if (complete) await markTaskCompleted(deps.db, PHOTO_PALETTES_TASK);
  return filled;
}

/** The backfill: how many photos it filled, and whether it filled every one it listed. */
async function fillPalettes(deps: PaletteBackfillDeps): Promise<{ filled: number; complete: boolean }> {
  const rows = await deps.db
    .select({ image: battlestation_images.image, id: battlestations.battlestation_id, is_public: battlestations.is_public })
    .from(battlestation_images)
    .innerJoin(battlestations, eq(battlestations.battlestation_id, battlestation_images.battlestation_id))
    .where(isNull(battlestation_images.palette));
  let filled = 0;
  let complete = true;
  for (const row of rows) {
    if (deps.signal?.aborted) return { filled, complete: false };
    try {
      const palette = await paletteOfStoredPhoto(deps, stationImageKey(row.image, !row.is_public));
      const done = await deps.db.transaction(async (tx) => {
        // The station first, as its saves lock it before its photos: the two never wait on each other in turn.
        if (!(await lockBattlestation(tx, row.id))) return false;
        const updated = await tx
          .update(battlestation_images)
          .set({ palette: palette.colours, colour_families: palette.families })
          .where(and(eq(battlestation_images.image, row.image), isNull(battlestation_images.palette)))
          .returning({ id: battlestation_images.battlestation_id });
        // Gone or renamed since the list was read (deleted, or moved to the other side): the next start sees it.
        if (updated[0]) await refreshBattlestationDerived(tx, [updated[0].id]);
        return updated.length > 0;
      });
      if (done) filled += 1;
      else complete = false;
    } catch (error) {
      complete = false;
      deps.log.error({ err: error, image: row.image }, 'could not fill the palette of a photo');
    }
  }
  return { filled, complete };
}

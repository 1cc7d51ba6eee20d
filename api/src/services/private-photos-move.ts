import { thumbnailName } from '@battledeck/shared/contract';
import type { Database } from '../db/database';
import { withWrittenFiles } from '../images/written-files';
import type { Logger } from '../lib/logger';
import { listPrivateStationImages, listStationImages, renameStationImages } from '../repositories/battlestation-media-repository';
import { isTaskCompleted, markTaskCompleted } from '../repositories/completed-tasks-repository';
import { lockBattlestation } from '../repositories/battlestations-repository';
import { refreshBattlestationDerived } from '../repositories/derived-columns-repository';
import { stationImageKey, type Storage } from '../storage/storage';
import { movePhotos, removeOldPhotoFiles } from './station-photo-placement';

export interface MoveDeps {
  db: Database;
  storage: Storage;
  log: Logger;
}

/** Files checked at once (stat calls or HEAD requests). */
const CHECKS_IN_FLIGHT = 16;

/** A photo still has a file (or a `_thumb`) in the public folder. */
async function inPublicFolder(storage: Storage, name: string): Promise<boolean> {
  return (await storage.exists(stationImageKey(name, false))) || (await storage.exists(stationImageKey(thumbnailName(name), false)));
}

async function misplacedByStation(deps: MoveDeps): Promise<Map<number, string[]>> {
  const rows = await listPrivateStationImages(deps.db);
  const found = new Map<number, string[]>();
  for (let i = 0; i < rows.length; i += CHECKS_IN_FLIGHT) {
    const slice = rows.slice(i, i + CHECKS_IN_FLIGHT);
    const flags = await Promise.all(slice.map((row) => inPublicFolder(deps.storage, row.image)));
    slice.forEach((row, j) => {
      if (flags[j]) found.set(row.battlestation_id, [...(found.get(row.battlestation_id) ?? []), row.image]);
    });
  }
  return found;
}

/**
 * Existing data of issue 15: private stations saved before their photos went private (and older demo
 * seeds) still have files in the public folder. Each such photo is moved the way a switch to private moves
 * it: copied under the private prefix with a **new** name, the row renamed (and the thumbnail column
 * refreshed) in a transaction that re-checks the station is still private, the public files deleted after
 * the commit. Idempotent: a photo with no public file is left alone, so a second run moves nothing.
 * Answers how many photos moved.
 */
export async function movePrivateStationPhotos(deps: MoveDeps): Promise<number> {
  let moved = 0;
  for (const [stationId, names] of await misplacedByStation(deps)) {
    const oldKeys = await withWrittenFiles(deps.storage, deps.log, (files) =>
      deps.db.transaction(async (tx) => {
        const station = await lockBattlestation(tx, stationId);
        // Made public or deleted since the list was read: its save already placed its photos.
        if (!station || station.is_public) return [];
        const current = (await listStationImages(tx, stationId)).filter((row) => names.includes(row.image));
        const move = await movePhotos(files, current, true);
        await renameStationImages(tx, stationId, move.renames);
        await refreshBattlestationDerived(tx, [stationId]);
        moved += move.renames.size;
        return move.oldKeys;
      }),
    );
    await removeOldPhotoFiles(deps.storage, deps.log, oldKeys);
  }
  return moved;
}

/** The name `movePrivateStationPhotosOnce` records in `completed_tasks`. */
export const PRIVATE_PHOTOS_TASK = 'move-private-station-photos';

/**
 * The move at start-up, once per database: since issue 15 every save places a private station's photos under
 * the private prefix, so once a move has run to the end there is nothing left for a later start to find, and
 * checking every private photo's files again (two file checks or HEAD requests each) is skipped. A move that
 * fails part-way is not recorded and runs again at the next start.
 */
export async function movePrivateStationPhotosOnce(deps: MoveDeps): Promise<number> {
  if (await isTaskCompleted(deps.db, PRIVATE_PHOTOS_TASK)) return 0;
  const moved = await movePrivateStationPhotos(deps);
  await markTaskCompleted(deps.db, PRIVATE_PHOTOS_TASK);
  return moved;
}

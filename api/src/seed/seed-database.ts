import type { Database } from '../db/database';
import { withWrittenFiles } from '../images/written-files';
import type { Logger } from '../lib/logger';
import {
  insertBattlestationImages,
  insertBattlestationParts,
  insertBattlestations,
  insertFavorites,
} from '../repositories/battlestations-repository';
import { insertPartRequests, insertPartStores, insertParts, insertStores } from '../repositories/catalogue-repository';
import { refreshBattlestationDerived, refreshPartCounts, refreshStoreCounts } from '../repositories/derived-columns-repository';
import { insertPartTypes } from '../repositories/part-types-repository';
import { insertUsers } from '../repositories/users-repository';
import type { Storage } from '../storage/storage';
import { DEFAULT_SEED_IMAGE_OPTIONS, generateSeedImages, type SeedImageOptions } from './seed-images';
import type { SeedPlan } from './seed-plan';

export interface SeedDeps {
  db: Database;
  storage: Storage;
  log: Logger;
}

export interface SeedSummary {
  users: number;
  parts: number;
  battlestations: number;
  photos: number;
  favorites: number;
  ms: number;
}

/** Inserts in slices: one statement may bind at most 65,535 parameters, and a scaled seed gets big. */
async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1000): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Writes a plan: images first (slow, outside the transaction), then every row in one transaction, and
 * finally the derived columns recomputed from the rows, so counters match by construction. If anything
 * fails, the rows roll back and the written files are deleted.
 */
export async function writeSeed(deps: SeedDeps, plan: SeedPlan, imageOptions: SeedImageOptions = DEFAULT_SEED_IMAGE_OPTIONS): Promise<SeedSummary> {
  const started = Date.now();
  return withWrittenFiles(deps.storage, deps.log, async (files) => {
    const { partImages, stationPhotos } = await generateSeedImages(files, plan, imageOptions);
    deps.log.info({ ms: Date.now() - started, files: files.written.length }, 'seed images written');

    await deps.db.transaction(async (tx) => {
      await insertUsers(tx, plan.users.map(({ uid, username, email, is_admin, is_moderator, created_date }) => ({ user_id: uid, username, email, is_admin, is_moderator, created_date })));
      const types = await insertPartTypes(tx, plan.partTypes);
      const parts = await insertParts(
        tx,
        plan.parts.map((p, i) => ({
          name: p.name,
          type_id: types[p.typeIndex].type_id,
          manufacturer: p.manufacturer,
          manufacturer_url: p.manufacturer_url,
          image: partImages[i].name,
          image_width: partImages[i].width,
          image_height: partImages[i].height,
          image_widths: partImages[i].widths,
          created_date: p.created_date,
        })),
      );
      const stores = await insertStores(tx, plan.stores);
      await inChunks(plan.partStores, (chunk) =>
        insertPartStores(tx, chunk.map((l) => ({ part_id: parts[l.partIndex].part_id, store_id: stores[l.storeIndex].store_id, url: l.url }))),
      );
      const stations = await insertBattlestations(
        tx,
        plan.battlestations.map((s) => ({
          user_id: plan.users[s.ownerIndex].uid,
          name: s.name,
          description: s.description,
          instagram_url: s.instagram_url,
          reddit_url: s.reddit_url,
          is_public: s.is_public,
          created_date: s.created_date,
          updated_date: s.created_date,
          main_uses: s.main_uses,
          monitor_count_manual: s.monitor_count_manual,
        })),
      );
      await inChunks(
        plan.battlestations.flatMap((s, i) =>
          stationPhotos[i].map((photo, order) => ({
            battlestation_id: stations[i].battlestation_id,
            image: photo.name,
            display_order: order,
            width: photo.width,
            height: photo.height,
            widths: photo.widths,
            palette: photo.palette.colours,
            colour_families: photo.palette.families,
            created_date: s.created_date,
          })),
        ),
        (chunk) => insertBattlestationImages(tx, chunk),
      );
      await inChunks(
        plan.battlestations.flatMap((s, i) => s.partIndexes.map((p) => ({ battlestation_id: stations[i].battlestation_id, part_id: parts[p].part_id }))),
        (chunk) => insertBattlestationParts(tx, chunk),
      );
      await inChunks(
        plan.favorites.map((f) => ({ user_id: plan.users[f.userIndex].uid, battlestation_id: stations[f.stationIndex].battlestation_id, created_date: f.created_date })),
        (chunk) => insertFavorites(tx, chunk),
      );
      await insertPartRequests(tx, plan.partRequests.map((r) => ({ name: r.name, url: r.url, user_id: plan.users[r.userIndex].uid, created_date: r.created_date })));
      await refreshBattlestationDerived(tx, 'all');
      await refreshPartCounts(tx, 'all');
      await refreshStoreCounts(tx, 'all');
    });

    return {
      users: plan.users.length,
      parts: plan.parts.length,
      battlestations: plan.battlestations.length,
      photos: stationPhotos.reduce((n, photos) => n + photos.length, 0),
      favorites: plan.favorites.length,
      ms: Date.now() - started,
    };
  });
}

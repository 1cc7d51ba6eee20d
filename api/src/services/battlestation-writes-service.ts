import {
  BATTLESTATION_MESSAGES,
  LIMITS,
  type createBattlestationFields,
  type updateBattlestationFields,
} from '@battledeck/shared/contract';
import type { z } from 'zod';
import type { AuthUser } from '../auth/auth-user';
import type { Database } from '../db/database';
import { badRequest } from '../errors';
import { removeStoredImages } from '../images/remove-stored-images';
import type { StoredImage } from '../images/store-image';
import { withWrittenFiles, type WrittenFiles } from '../images/written-files';
import {
  addStationParts,
  countStationRows,
  deleteStationImages,
  findExistingPartIds,
  listStationImages,
  listStationPartIds,
  removeStationParts,
  renameStationImages,
  setStationImageOrder,
} from '../repositories/battlestation-media-repository';
import {
  deleteBattlestation,
  findBattlestation,
  insertBattlestationImages,
  insertBattlestations,
  lockBattlestation,
  updateBattlestation,
  type BattlestationChanges,
} from '../repositories/battlestations-repository';
import { addToPartCounts, lockPartsForCounts, refreshBattlestationDerived, saveStationWithDerived } from '../repositories/derived-columns-repository';
import { assertEditable } from './battlestation-access';
import { planImageOrder } from './image-order';
import { saveStationHotspots } from './photo-hotspots';
import { recordCreation, recordUpdate, snapshotBeforeUpdate } from './station-history-recorder';
import { movePhotos, removeOldPhotoFiles, type PhotoMove } from './station-photo-placement';
import type { ServiceDeps } from './service-deps';

export type CreateFields = z.output<typeof createBattlestationFields>;
export type UpdateFields = z.output<typeof updateBattlestationFields>;

/** A battlestation form as read from the request: validated text fields and the photos already stored. */
export interface StationUpload<F> {
  fields: F;
  images: StoredImage[];
}

/** Reads the request into `files`; whatever it wrote is deleted again if the save fails. */
export type UploadReader<F> = (files: WrittenFiles) => Promise<StationUpload<F>>;

type WriteDeps = Pick<ServiceDeps, 'db' | 'storage' | 'log'>;

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/**
 * Every id must name a part of the catalogue. The rows of `locked` (a superset of `ids`) are key-share-locked
 * until the transaction ends, in one id-ordered statement.
 */
async function assertPartsExist(tx: Database, ids: number[], locked: number[] = ids): Promise<void> {
  const found = await findExistingPartIds(tx, locked);
  if (ids.some((id) => !found.has(id))) throw badRequest(BATTLESTATION_MESSAGES.unknownParts);
}

function assertPhotoCount(count: number): void {
  if (count < 1) throw badRequest(BATTLESTATION_MESSAGES.imagesRequired);
  if (count > LIMITS.imagesPerStationMax) throw badRequest(BATTLESTATION_MESSAGES.tooManyImages);
}

function assertPartCount(count: number): void {
  if (count < 1) throw badRequest(BATTLESTATION_MESSAGES.partsRequired);
  if (count > LIMITS.partsPerStationMax) throw badRequest(BATTLESTATION_MESSAGES.tooManyParts);
}

const imageRow = (stationId: number, image: StoredImage, display_order: number) => ({
  battlestation_id: stationId,
  image: image.name,
  display_order,
  width: image.width,
  height: image.height,
  widths: image.widths,
  palette: image.palette.colours,
  colour_families: image.palette.families,
});

/**
 * POST /battlestations/: photos are stored while the body streams in, then every row is written in one
 * transaction with the counters, thumbnail and search text; if anything fails no row and no file remains.
 */
export async function createBattlestation(deps: WriteDeps, user: AuthUser, read: UploadReader<CreateFields>): Promise<number> {
  return withWrittenFiles(deps.storage, deps.log, async (files) => {
    const { fields, images } = await read(files);
    assertPhotoCount(images.length);
    const partIds = unique(fields.added_parts);
    assertPartCount(partIds.length);
    // The reader already stored a private station's photos under the private prefix; never in public.
    if (images.some((image) => image.isPrivate === fields.is_public)) throw new Error('Photos stored on the wrong side of their station');
    return deps.db.transaction(async (tx) => {
      await assertPartsExist(tx, partIds);
      // Written private, then made public as the last step: a public row updates the kept totals (decision
      // 013) and its parts' counters, rows every save shares, and holds them until the commit.
      const [station] = await insertBattlestations(tx, [
        {
          user_id: user.uid,
          name: fields.name,
          description: fields.description,
          instagram_url: fields.instagram_url ?? null,
          reddit_url: fields.reddit_url ?? null,
          is_public: false,
          main_uses: fields.main_uses ?? [],
          monitor_count_manual: fields.monitor_count ?? null,
        },
      ]);
      const id = station.battlestation_id;
      await insertBattlestationImages(tx, images.map((image, order) => imageRow(id, image, order)));
      await addStationParts(tx, id, partIds);
      if (fields.hotspots) await saveStationHotspots(tx, id, fields.hotspots, images.map((image) => image.name));
      await refreshBattlestationDerived(tx, [id]);
      await recordCreation(tx, user, id, fields.is_public);
      if (fields.is_public) {
        await lockPartsForCounts(tx, partIds);
        await updateBattlestation(tx, id, { is_public: true });
        await addToPartCounts(tx, new Map(partIds.map((partId) => [partId, 1])));
      }
      return id;
    });
  });
}

/**
 * The caller may edit the station (owner or staff): checked before the body is read, and again in the
 * transaction. Answers whether the station is public now (where new photos go).
 */
export async function assertCanEditBattlestation(db: Database, user: AuthUser, id: number): Promise<boolean> {
  return assertEditable(user, await findBattlestation(db, id)).is_public;
}

function columnChanges(fields: UpdateFields): BattlestationChanges {
  const changes: BattlestationChanges = {};
  if (fields.name !== undefined) changes.name = fields.name;
  if (fields.description !== undefined) changes.description = fields.description;
  if (fields.instagram_url !== undefined) changes.instagram_url = fields.instagram_url;
  if (fields.reddit_url !== undefined) changes.reddit_url = fields.reddit_url;
  if (fields.is_public !== undefined) changes.is_public = fields.is_public;
  if (fields.main_uses !== undefined) changes.main_uses = fields.main_uses;
  if (fields.monitor_count !== undefined) changes.monitor_count_manual = fields.monitor_count;
  return changes;
}

function hasChanges(fields: UpdateFields, added: StoredImage[]): boolean {
  return Object.values(fields).some((value) => value !== undefined) || added.length > 0;
}

interface UpdateOutcome {
  /** Names of the photos the update removed. */
  removed: string[];
  /** Files left behind by photos moved to the other side (issue 15), to delete after the commit. */
  moved: PhotoMove['oldKeys'];
}

/**
 * Photos not on the side the station now is (all of them when its visibility changed; a new upload when the
 * visibility changed while it streamed in) are copied over under new names and their rows renamed.
 */
async function placePhotos(tx: Database, files: WrittenFiles, id: number, wasPublic: boolean, isPublic: boolean, added: StoredImage[]): Promise<string[]> {
  const addedPrivate = new Map(added.map((image) => [image.name, image.isPrivate]));
  const misplaced = (await listStationImages(tx, id)).filter((row) => (addedPrivate.get(row.image) ?? !wasPublic) === isPublic);
  const move = await movePhotos(files, misplaced, !isPublic);
  await renameStationImages(tx, id, move.renames);
  return move.oldKeys;
}

/** How an edit moves each part's count of public stations: +1 where it now lists it publicly, -1 where it did. */
function partCountChanges(before: number[], wasPublic: boolean, added: number[], removed: number[], isPublic: boolean): Map<number, number> {
  const after = new Set([...before.filter((partId) => !removed.includes(partId)), ...added]);
  const changes = new Map<number, number>();
  for (const partId of new Set([...before, ...added, ...removed])) {
    changes.set(partId, (isPublic && after.has(partId) ? 1 : 0) - (wasPublic && before.includes(partId) ? 1 : 0));
  }
  return changes;
}

/** Applies an update inside its transaction. */
async function applyUpdate(tx: Database, files: WrittenFiles, user: AuthUser, id: number, fields: UpdateFields, added: StoredImage[]): Promise<UpdateOutcome> {
  const station = assertEditable(user, await lockBattlestation(tx, id));
  const before = await snapshotBeforeUpdate(tx, id);

  // Parts
  const addParts = unique(fields.added_parts ?? []);
  const removeParts = unique(fields.removed_parts ?? []);
  if (addParts.some((partId) => removeParts.includes(partId))) throw badRequest('A part cannot be added and removed at once.');
  const partsBefore = await listStationPartIds(tx, id);
  // battlestation_count counts public stations: a visibility change touches every part of the station.
  const isPublic = fields.is_public ?? station.is_public;
  const touchedParts = isPublic !== station.is_public ? unique([...partsBefore, ...addParts]) : unique([...addParts, ...removeParts]);
  // Every part it will lock for counts (the added ones among them), key-share-locked at once in id order, the
  // order a merge locks in.
  await assertPartsExist(tx, addParts.filter((partId) => !partsBefore.includes(partId)), touchedParts);
  await removeStationParts(tx, id, removeParts);
  await addStationParts(tx, id, addParts);

  // Photos
  const current = await listStationImages(tx, id);
  const plan = planImageOrder(current, {
    removed: fields.removed_images ?? [],
    changed: fields.changed_images ?? [],
    addedCount: added.length,
    addedOrder: fields.added_images_order,
  });
  const removed = await deleteStationImages(tx, id, plan.removed);
  await insertBattlestationImages(tx, added.map((image, i) => imageRow(id, image, plan.addedPositions[i])));
  await setStationImageOrder(tx, id, plan.keptPositions);

  const counts = await countStationRows(tx, id);
  assertPhotoCount(counts.images);
  assertPartCount(counts.parts);
  // Markers name photos as the request knew them: before a visibility change renames the files.
  if (fields.hotspots) await saveStationHotspots(tx, id, fields.hotspots, added.map((image) => image.name));

  const moved = await placePhotos(tx, files, id, station.is_public, isPublic, added);

  // The history reads and writes this station's rows only: recorded before the shared locks, with the column
  // values still to be written.
  const changes = { ...columnChanges(fields), is_public: isPublic };
  await recordUpdate(tx, user, id, before, changes);
  // Last, the writes to rows every save shares (see lockPartsForCounts): the station's row in one statement,
  // so its triggers write each kept row once and in key order (a station made public counts its new words
  // only; written in two statements, a concurrent edit could lock rows in between: a deadlock), then the
  // parts' counts. Each statement more here is a round trip during which every save of these parts waits.
  await lockPartsForCounts(tx, touchedParts);
  await saveStationWithDerived(tx, id, changes);
  await addToPartCounts(tx, partCountChanges(partsBefore, station.is_public, addParts, removeParts, isPublic));
  return { removed, moved };
}

/**
 * PUT /battlestations/id/{id}: only the fields sent change. New photos are stored first; the rows change in
 * one transaction (at least one photo and one part must remain); files of removed photos are deleted after
 * the commit, new files are deleted if the save fails.
 */
export async function updateBattlestationById(deps: WriteDeps, user: AuthUser, id: number, read: UploadReader<UpdateFields>): Promise<void> {
  const { removed, moved } = await withWrittenFiles(deps.storage, deps.log, async (files) => {
    const { fields, images } = await read(files);
    if (!hasChanges(fields, images)) throw badRequest('Nothing to change.');
    return deps.db.transaction((tx) => applyUpdate(tx, files, user, id, fields, images));
  });
  await removeStoredImages(deps.storage, deps.log, 'battlestations', removed);
  await removeOldPhotoFiles(deps.storage, deps.log, moved);
}

/** DELETE /battlestations/id/{id}: the rows (photos, part links and favorites cascade), then the files. */
export async function deleteBattlestationById(deps: WriteDeps, user: AuthUser, id: number): Promise<void> {
  const images = await deps.db.transaction(async (tx) => {
    const station = assertEditable(user, await lockBattlestation(tx, id));
    const photos = await listStationImages(tx, id);
    const partIds = await listStationPartIds(tx, id);
    // The parts before the kept totals the delete changes, in the order of every save.
    if (station.is_public) await lockPartsForCounts(tx, partIds);
    await deleteBattlestation(tx, id);
    if (station.is_public) await addToPartCounts(tx, new Map(partIds.map((partId) => [partId, -1])));
    return photos.map((photo) => photo.image);
  });
  await removeStoredImages(deps.storage, deps.log, 'battlestations', images);
}

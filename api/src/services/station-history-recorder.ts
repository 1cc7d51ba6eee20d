import type { HistoryField, StationChange } from '@battledeck/shared/contract';
import type { AuthUser } from '../auth/auth-user';
import type { Database } from '../db/database';
import { findPartNames, insertStationChange, readStationSnapshot, type StationSnapshot } from '../repositories/station-history-repository';

/**
 * Records a station's saves in its history (decision 019), always inside the saving transaction: a save that
 * fails rolls its entry back with it. An update is described by comparing what the station was before it with
 * what it is after it, so every way of changing it (fields, parts, photos, visibility) is covered alike.
 */

/** Fields whose values the history keeps; a description is only said to have changed. */
const KEEPS_VALUES: readonly HistoryField[] = ['name', 'instagram_url', 'reddit_url'];
const FIELDS: readonly HistoryField[] = ['name', 'description', 'instagram_url', 'reddit_url'];

const without = (values: readonly number[], removed: readonly number[]) => values.filter((value) => !removed.includes(value));

function fieldChanges(before: StationSnapshot, after: StationSnapshot): StationChange[] {
  return FIELDS.filter((field) => before[field] !== after[field]).map((field) =>
    KEEPS_VALUES.includes(field) ? { kind: 'field', field, from: before[field], to: after[field] } : { kind: 'field', field },
  );
}

function photoChanges(before: number[], after: number[]): StationChange[] {
  const changes: StationChange[] = [];
  const added = without(after, before).length;
  const removed = without(before, after).length;
  if (added > 0) changes.push({ kind: 'photos_added', count: added });
  if (removed > 0) changes.push({ kind: 'photos_removed', count: removed });
  // A reorder is a change in the order of the photos the station kept, whatever was added or removed around them.
  const keptBefore = before.filter((id) => after.includes(id));
  const keptAfter = after.filter((id) => before.includes(id));
  if (keptBefore.some((id, i) => keptAfter[i] !== id)) changes.push({ kind: 'photos_reordered' });
  return changes;
}

/**
 * Whether the photos' markers changed by hand (decision 020): markers that went with a removed photo or part are
 * that removal's doing, not a change of their own.
 */
function hotspotsChanged(before: StationSnapshot, after: StationSnapshot): boolean {
  const kept = (mark: string) => {
    const [imageId, partId] = mark.split(':').map(Number);
    return after.photoIds.includes(imageId) && after.partIds.includes(partId);
  };
  const was = before.hotspots.filter(kept);
  return was.length !== after.hotspots.length || was.some((mark, i) => after.hotspots[i] !== mark);
}

/** What a save changed, in the order the history shows it: fields, parts, photos, markers, then visibility. */
export async function describeChanges(tx: Database, before: StationSnapshot, after: StationSnapshot): Promise<StationChange[]> {
  const changes = fieldChanges(before, after);
  const addedParts = await findPartNames(tx, without(after.partIds, before.partIds));
  const removedParts = await findPartNames(tx, without(before.partIds, after.partIds));
  if (addedParts.length > 0) changes.push({ kind: 'parts_added', parts: addedParts });
  if (removedParts.length > 0) changes.push({ kind: 'parts_removed', parts: removedParts });
  changes.push(...photoChanges(before.photoIds, after.photoIds));
  if (hotspotsChanged(before, after)) changes.push({ kind: 'hotspots_changed' });
  if (before.is_public !== after.is_public) changes.push({ kind: 'visibility', is_public: after.is_public });
  return changes;
}

/** The creation: one entry, public or private as the station was created. */
export async function recordCreation(tx: Database, user: AuthUser, stationId: number, isPublic: boolean): Promise<void> {
  await insertStationChange(tx, { battlestation_id: stationId, user_id: user.uid, changes: [{ kind: 'created' }], is_public: isPublic, was_public: null });
}

/** Before an update changes anything (the station row already locked): what it is now. */
export const snapshotBeforeUpdate = readStationSnapshot;

/** The station's own columns an update writes, as the history compares them. */
export type PendingStationColumns = Partial<Pick<StationSnapshot, 'name' | 'description' | 'instagram_url' | 'reddit_url' | 'is_public'>>;

/**
 * Compares the station with `before` and records what changed (nothing if nothing did). Called once its parts,
 * photos and markers are written and before its own row is: `pending` holds the column values that write will
 * set. The update then holds the locks every save shares for its last statements only (applyUpdate).
 */
export async function recordUpdate(tx: Database, user: AuthUser, stationId: number, before: StationSnapshot, pending: PendingStationColumns): Promise<void> {
  const written = await readStationSnapshot(tx, stationId);
  const after: StationSnapshot = {
    ...written,
    name: pending.name ?? written.name,
    description: pending.description ?? written.description,
    instagram_url: pending.instagram_url !== undefined ? pending.instagram_url : written.instagram_url,
    reddit_url: pending.reddit_url !== undefined ? pending.reddit_url : written.reddit_url,
    is_public: pending.is_public ?? written.is_public,
  };
  const changes = await describeChanges(tx, before, after);
  if (changes.length === 0) return;
  await insertStationChange(tx, { battlestation_id: stationId, user_id: user.uid, changes, is_public: after.is_public, was_public: before.is_public });
}

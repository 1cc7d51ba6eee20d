import { HOTSPOT_MESSAGES, HOTSPOTS_PER_PHOTO_MAX, type hotspotInput } from '@battledeck/shared/contract';
import type { z } from 'zod';
import type { Database } from '../db/database';
import { badRequest } from '../errors';
import { listStationImages, listStationPartIds } from '../repositories/battlestation-media-repository';
import { replaceStationHotspots, type NewHotspotRow } from '../repositories/photo-hotspots-repository';

export type HotspotInput = z.output<typeof hotspotInput>;

/**
 * Saves a station's photo hotspots (decision 020) inside the save's transaction, after its photos and parts
 * are written: `hotspots` becomes every marker of the station. A marker names a photo of this station by file
 * name, or a file of this save by its index among the files sent (`addedNames`, in the order they were sent);
 * its part must be one of the station's parts after the save; at most HOTSPOTS_PER_PHOTO_MAX per photo.
 */
export async function saveStationHotspots(tx: Database, stationId: number, hotspots: readonly HotspotInput[], addedNames: readonly string[]): Promise<void> {
  const imageIds = new Map((await listStationImages(tx, stationId)).map((row) => [row.image, row.image_id]));
  const partIds = new Set(await listStationPartIds(tx, stationId));
  const perPhoto = new Map<number, number>();
  const rows: NewHotspotRow[] = hotspots.map((hotspot) => {
    const name = hotspot.image ?? (hotspot.added_image === undefined ? undefined : addedNames[hotspot.added_image]);
    const imageId = name === undefined ? undefined : imageIds.get(name);
    if (imageId === undefined) throw badRequest(HOTSPOT_MESSAGES.unknownPhoto);
    if (!partIds.has(hotspot.part_id)) throw badRequest(HOTSPOT_MESSAGES.unknownPart);
    const count = (perPhoto.get(imageId) ?? 0) + 1;
    if (count > HOTSPOTS_PER_PHOTO_MAX) throw badRequest(HOTSPOT_MESSAGES.tooMany);
    perPhoto.set(imageId, count);
    return { image_id: imageId, battlestation_id: stationId, part_id: hotspot.part_id, x: hotspot.x, y: hotspot.y };
  });
  await replaceStationHotspots(tx, stationId, rows);
}

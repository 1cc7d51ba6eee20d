import type { HotspotInput, PhotoHotspot } from '@battledeck/shared/contract';
import type { PartItem, PhotoItem } from './form-schema';

/** A part marker on a photo in the editor (decision 020): x, y from 0 to 1 across and down the photo. */
export interface HotspotItem {
  key: string;
  part_id: number;
  x: number;
  y: number;
}

let counter = 0;
export const hotspotKey = () => `hotspot:${(counter += 1)}`;

/** A position kept to 4 decimals (a tenth of a pixel on the largest photo), within the photo. */
export const clampPosition = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10000) / 10000;

export const hotspotItems = (hotspots: readonly PhotoHotspot[] | undefined): HotspotItem[] =>
  (hotspots ?? []).map(({ part_id, x, y }) => ({ key: hotspotKey(), part_id, x, y }));

/** The part a new marker points to: the first of the station's parts not yet marked on this photo. */
export function nextPartFor(hotspots: readonly HotspotItem[], parts: readonly PartItem[]): number | undefined {
  const marked = new Set(hotspots.map((hotspot) => hotspot.part_id));
  return (parts.find((part) => !marked.has(part.part_id)) ?? parts[0])?.part_id;
}

/** The photos without the markers of parts no longer on the list (the same objects when nothing changes). */
export function withoutMissingParts(photos: PhotoItem[], parts: readonly PartItem[]): PhotoItem[] {
  const ids = new Set(parts.map((part) => part.part_id));
  return photos.map((photo) =>
    photo.hotspots?.some((hotspot) => !ids.has(hotspot.part_id)) ? { ...photo, hotspots: photo.hotspots.filter((hotspot) => ids.has(hotspot.part_id)) } : photo,
  );
}

/** What the markers are, whatever the photos' order: to tell whether they changed. */
export function hotspotSignature(photos: readonly PhotoItem[]): string {
  return JSON.stringify(
    photos
      .filter((photo) => photo.hotspots?.length)
      .map((photo) => [photo.key, (photo.hotspots ?? []).map((hotspot) => [hotspot.part_id, hotspot.x, hotspot.y])])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

/**
 * The save's `hotspots` field: every marker, naming a stored photo by its file name and a new one by its
 * index among the files sent (they are sent in the list's order).
 */
export function hotspotsPayload(photos: readonly PhotoItem[]): HotspotInput[] {
  let added = -1;
  return photos.flatMap((photo) => {
    if (photo.kind === 'new') added += 1;
    const where = photo.kind === 'stored' ? { image: photo.name } : { added_image: added };
    return (photo.hotspots ?? []).map(({ part_id, x, y }) => ({ ...where, part_id, x, y }));
  });
}

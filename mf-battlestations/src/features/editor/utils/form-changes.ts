import { normalizeSocialLink, type CreateBattlestationFields, type UpdateBattlestationFields } from '@battledeck/shared/contract';
import type { PhotoItem, StationFormValues } from './form-schema';
import { hotspotSignature, hotspotsPayload } from './hotspots';

export interface StationPayload<F> {
  fields: F;
  files: File[];
}

const newFiles = (photos: PhotoItem[]) => photos.flatMap((photo) => (photo.kind === 'new' ? [photo.file] : []));
const storedNames = (photos: PhotoItem[]) => photos.flatMap((photo) => (photo.kind === 'stored' ? [photo.name] : []));

/** What the server will store for a link: '' for none, else the normalised link (or the text itself if invalid). */
function linkValue(text: string, domain: 'instagram.com' | 'reddit.com'): string {
  const trimmed = text.trim();
  return trimmed === '' ? '' : (normalizeSocialLink(trimmed, domain) ?? trimmed);
}
const descriptionValue = (text: string) => text.replace(/\r\n?/g, '\n');

/** POST /battlestations/ fields: the optional texts only when filled (SPEC §7), then the photos in order. */
export function createPayload(values: StationFormValues): StationPayload<CreateBattlestationFields> {
  const fields: CreateBattlestationFields = {
    name: values.name.trim(),
    is_public: values.is_public,
    added_parts: values.parts.map((part) => part.part_id),
  };
  if (values.instagram_url.trim()) fields.instagram_url = values.instagram_url.trim();
  if (values.reddit_url.trim()) fields.reddit_url = values.reddit_url.trim();
  if (values.description.trim()) fields.description = values.description;
  if (values.main_uses.length) fields.main_uses = values.main_uses;
  if (values.monitor_count !== '') fields.monitor_count = values.monitor_count;
  const hotspots = hotspotsPayload(values.photos);
  if (hotspots.length) fields.hotspots = hotspots;
  return { fields, files: newFiles(values.photos) };
}

/**
 * PUT /battlestations/id/{id} fields: only what differs from `initial` (SPEC "Edit"). Photos: removed names,
 * the new position of every kept photo that moves, and the position of each added file; parts: added and
 * removed ids. Returns null when nothing changed.
 */
export function updatePayload(initial: StationFormValues, values: StationFormValues): StationPayload<UpdateBattlestationFields> | null {
  const fields: UpdateBattlestationFields = {};
  if (values.name.trim() !== initial.name.trim()) fields.name = values.name.trim();
  if (linkValue(values.instagram_url, 'instagram.com') !== linkValue(initial.instagram_url, 'instagram.com')) fields.instagram_url = values.instagram_url.trim();
  if (linkValue(values.reddit_url, 'reddit.com') !== linkValue(initial.reddit_url, 'reddit.com')) fields.reddit_url = values.reddit_url.trim();
  if (descriptionValue(values.description) !== descriptionValue(initial.description)) fields.description = values.description;
  if (values.is_public !== initial.is_public) fields.is_public = values.is_public;
  if (values.main_uses.join() !== initial.main_uses.join()) fields.main_uses = values.main_uses;
  if (values.monitor_count !== initial.monitor_count) fields.monitor_count = values.monitor_count;

  const before = initial.parts.map((part) => part.part_id);
  const after = values.parts.map((part) => part.part_id);
  const addedParts = after.filter((id) => !before.includes(id));
  const removedParts = before.filter((id) => !after.includes(id));
  if (addedParts.length) fields.added_parts = addedParts;
  if (removedParts.length) fields.removed_parts = removedParts;

  const initialNames = storedNames(initial.photos);
  const keptNames = storedNames(values.photos);
  const removedImages = initialNames.filter((name) => !keptNames.includes(name));
  if (removedImages.length) fields.removed_images = removedImages;
  const changedImages = values.photos.flatMap((photo, position) =>
    photo.kind === 'stored' && initialNames.indexOf(photo.name) !== position ? [{ image: photo.name, display_order: position }] : [],
  );
  if (changedImages.length) fields.changed_images = changedImages;
  const addedOrder = values.photos.flatMap((photo, position) => (photo.kind === 'new' ? [position] : []));
  if (addedOrder.length) fields.added_images_order = addedOrder;
  // Any change to the markers sends them all (the server replaces the station's markers with them).
  if (hotspotSignature(values.photos) !== hotspotSignature(initial.photos)) fields.hotspots = hotspotsPayload(values.photos);

  const files = newFiles(values.photos);
  return Object.keys(fields).length === 0 && files.length === 0 ? null : { fields, files };
}

/** Whether the create form holds anything yet (Save stays disabled until it does). */
export function hasCreateInput(values: StationFormValues): boolean {
  return Boolean(
    values.name.trim() ||
      values.instagram_url.trim() ||
      values.reddit_url.trim() ||
      values.description.trim() ||
      !values.is_public ||
      values.photos.length ||
      values.parts.length ||
      values.main_uses.length ||
      values.monitor_count !== '',
  );
}

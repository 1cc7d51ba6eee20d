import { z } from './zod';
import { LIMITS, idNumber, jsonField } from './common';

/**
 * Photo hotspots (issue 20 item 1, decision 020): markers on a station's photos, each tied to one of the
 * station's parts, at x, y relative to the photo (0 = left/top edge, 1 = right/bottom edge).
 */

/** At most this many markers on one photo. */
export const HOTSPOTS_PER_PHOTO_MAX = 20;

export const HOTSPOT_MESSAGES = {
  position: 'A marker\u2019s position must be within its photo (x and y from 0 to 1).',
  photoRef: 'Each marker must name one photo: image (a photo of this battlestation) or added_image (the position of a file sent with this save).',
  unknownPhoto: 'Some markers are on photos that are not part of this battlestation.',
  unknownPart: 'Each marker must point to one of this battlestation\u2019s parts.',
  tooMany: `A photo can have at most ${HOTSPOTS_PER_PHOTO_MAX} markers.`,
  list: 'hotspots must be a list of { image or added_image, part_id, x, y }.',
} as const;

const coordinate = z.number({ error: () => HOTSPOT_MESSAGES.position }).min(0, { error: HOTSPOT_MESSAGES.position }).max(1, { error: HOTSPOT_MESSAGES.position });

/** A marker as the station's answer gives it, in the order of its photo's markers. */
export const photoHotspot = z.object({
  part_id: z.number().int(),
  x: z.number(),
  y: z.number(),
});
export type PhotoHotspot = z.infer<typeof photoHotspot>;

/**
 * A marker as a save sends it: on a photo already stored (`image`, its file name) or on a file sent with this
 * save (`added_image`, the file's index among the files sent, 0-based).
 */
export const hotspotInput = z
  .object({
    image: z.string().max(200).optional(),
    added_image: z.number().int().min(0).max(LIMITS.imagesPerStationMax - 1).optional(),
    part_id: idNumber(HOTSPOT_MESSAGES.unknownPart),
    x: coordinate,
    y: coordinate,
  })
  .refine((hotspot) => (hotspot.image === undefined) !== (hotspot.added_image === undefined), { error: HOTSPOT_MESSAGES.photoRef });
export type HotspotInput = z.input<typeof hotspotInput>;

/**
 * The `hotspots` field of a save (multipart, JSON): every marker of the station after the save. Absent, the
 * markers stay as they are (less those of removed photos and parts).
 */
export const hotspotsField = jsonField(
  z.array(hotspotInput, { error: () => HOTSPOT_MESSAGES.list }).max(HOTSPOTS_PER_PHOTO_MAX * LIMITS.imagesPerStationMax, { error: HOTSPOT_MESSAGES.tooMany }),
);

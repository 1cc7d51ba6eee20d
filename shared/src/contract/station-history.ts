import { z } from './zod';
import { coercedId, idNumber, timestamp } from './common';

/**
 * A station's history (issue 20, decision 019): every save records what it changed, who saved and when. The
 * changes are facts without photo file names; a text field's values are kept for the short ones only.
 */

/** The station's own text fields a save can change. */
export const HISTORY_FIELDS = ['name', 'description', 'instagram_url', 'reddit_url'] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

const historyPart = z.object({ part_id: z.number().int(), name: z.string() });
const photoCount = z.number().int().positive();

export const stationChange = z.union([
  z.object({ kind: z.literal('created') }),
  /** `from`/`to` only for name and links (a description is too long to keep twice); `from` may be withheld. */
  z.object({ kind: z.literal('field'), field: z.enum(HISTORY_FIELDS), from: z.string().nullable().optional(), to: z.string().nullable().optional() }),
  z.object({ kind: z.literal('parts_added'), parts: z.array(historyPart) }),
  z.object({ kind: z.literal('parts_removed'), parts: z.array(historyPart) }),
  z.object({ kind: z.literal('photos_added'), count: photoCount }),
  z.object({ kind: z.literal('photos_removed'), count: photoCount }),
  z.object({ kind: z.literal('photos_reordered') }),
  /** The photos' part markers changed (decision 020): placed, moved, re-pointed or removed by hand. */
  z.object({ kind: z.literal('hotspots_changed') }),
  z.object({ kind: z.literal('visibility'), is_public: z.boolean() }),
]);
export type StationChange = z.infer<typeof stationChange>;

export const stationHistoryEntry = z.object({
  change_id: z.number().int(),
  changed_date: timestamp,
  /** Who saved (the owner or a staff member); null once that account is gone. */
  username: z.string().nullable(),
  /** Whether the station was public after this save. */
  is_public: z.boolean(),
  changes: z.array(stationChange),
});
export type StationHistoryEntry = z.infer<typeof stationHistoryEntry>;

export const HISTORY_PAGE_SIZE = 10;
export const HISTORY_PAGE_SIZE_MAX = 50;

const limitMessage = `limit must be a whole number from 1 to ${HISTORY_PAGE_SIZE_MAX}.`;

/** Keyset paging: `cursor` is the last entry's change_id of the previous page (newest first). */
export const stationHistoryQuery = z.object({
  cursor: coercedId('cursor must be a positive whole number.').optional(),
  limit: z.coerce
    .number({ error: () => limitMessage })
    .int({ error: limitMessage })
    .min(1, { error: limitMessage })
    .max(HISTORY_PAGE_SIZE_MAX, { error: limitMessage })
    .default(HISTORY_PAGE_SIZE),
});
export type StationHistoryQuery = z.input<typeof stationHistoryQuery>;

export const stationHistoryResponse = z.object({
  entries: z.array(stationHistoryEntry),
  /** The cursor of the next (older) page, or null on the last one. */
  next_cursor: idNumber('next_cursor').nullable(),
});
export type StationHistoryResponse = z.infer<typeof stationHistoryResponse>;

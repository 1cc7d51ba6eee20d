import { z } from './zod';
import { LIMITS, coercedId, idMessage, idNumber } from './common';
import { SIMILAR_PARTS_MIN_CHARS } from './constants';

/**
 * Duplicate-aware parts (issue 20 item 4, decision 021): existing parts offered while a user names a missing
 * one, and the merge of two parts by an admin.
 */

export { SIMILAR_PARTS_MAX, SIMILAR_PARTS_MIN_CHARS } from './constants';

const similarMessage = `name must be ${SIMILAR_PARTS_MIN_CHARS} to ${LIMITS.catalogueNameMax} characters.`;

/** GET /parts/similar?name&partType. */
export const similarPartsQuery = z.object({
  name: z
    .string({ error: () => similarMessage })
    .trim()
    .min(SIMILAR_PARTS_MIN_CHARS, { error: similarMessage })
    .max(LIMITS.catalogueNameMax, { error: similarMessage }),
  /** A type_path: that category's parts come first. Absent or unknown: no preference. */
  partType: z.string().max(100).optional(),
});
export type SimilarPartsQuery = z.input<typeof similarPartsQuery>;

export const similarPart = z.object({
  part_id: z.number().int(),
  name: z.string(),
  manufacturer: z.string(),
  type_name: z.string(),
  type_path: z.string(),
  battlestation_count: z.number().int(),
});
export type SimilarPart = z.infer<typeof similarPart>;
export const similarPartsResponse = z.array(similarPart);

/** POST /parts/{id}/merge and GET /parts/{id}/merge-preview: part {id} is merged into part `into` and deleted. */
export const partMergeBody = z.object({ into: idNumber(idMessage('into')) });
export type PartMergeBody = z.infer<typeof partMergeBody>;
export const partMergeQuery = z.object({ into: coercedId(idMessage('into')) });

const mergeSide = z.object({ part_id: z.number().int(), name: z.string() });

/** What a merge moves (the preview) or moved (the answer): the confirmation's figures. */
export const partMergeSummary = z.object({
  merged: mergeSide,
  kept: mergeSide,
  /** Stations listing the merged part: each lists the kept part afterwards. */
  stations: z.number().int(),
  /** Of those, stations that already list the kept part: their link to the merged part is dropped. */
  stations_with_both: z.number().int(),
  /** Store links moved to the kept part. */
  store_links: z.number().int(),
  /** Store links dropped because the kept part already links that store (its own link stays). */
  store_links_dropped: z.number().int(),
  /** Part requests saved as the merged part, pointed at the kept part. */
  requests: z.number().int(),
});
export type PartMergeSummary = z.infer<typeof partMergeSummary>;

export const PART_MERGE_MESSAGES = {
  samePart: 'A part cannot be merged into itself.',
  keptNotFound: 'The part to keep does not exist.',
} as const;

/** The confirmation's sentence: 'N stations, M store links and K requests move to {kept}.' */
export function describePartMerge(summary: PartMergeSummary): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const moving = [
    count(summary.stations, 'station', 'stations'),
    count(summary.store_links, 'store link', 'store links'),
    count(summary.requests, 'request', 'requests'),
  ];
  return `${moving[0]}, ${moving[1]} and ${moving[2]} move to ${summary.kept.name}.`;
}

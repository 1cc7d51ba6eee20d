import { z } from './zod';
import { battlestationCard } from './battlestations';

/**
 * Discovery (issue 19, decision 014): stations like a station, and parts often paired with a part.
 * Both answers are computed from public stations only.
 */

/** How many stations GET /battlestations/id/{id}/similar returns when that many other public ones exist. */
export const SIMILAR_STATIONS_COUNT = 8;
/** How many parts GET /parts/id/{id}/paired returns at most. */
export const PAIRED_PARTS_COUNT = 8;
/** A pair counts only when the two parts share at least this many public stations. */
export const PAIRED_MIN_SUPPORT = 2;

/** Most alike first: shared parts weighted by rarity, then favorites, then newest; filled up with featured ones. */
export const similarStationsResponse = z.array(battlestationCard);

export const pairedPart = z.object({
  part_id: z.number().int(),
  name: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  type_path: z.string(),
  /** Public stations listing both parts. */
  together: z.number().int(),
  /** P(both) / (P(this) × P(that)) over public stations: above 1 is more often than chance. */
  lift: z.number(),
});
export type PairedPart = z.infer<typeof pairedPart>;

/** Highest lift first, then most stations together. */
export const pairedPartsResponse = z.array(pairedPart);

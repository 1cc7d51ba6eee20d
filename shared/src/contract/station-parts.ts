import { z } from './zod';
import { partDetail, type PartDetail } from './parts';

/**
 * GET /battlestations/id/{id}/parts (issue 20): the station's parts in the spec's whole Part shape (image,
 * manufacturer and its link, store links), in the catalogue's category order, then by name. The exports of
 * the Copy Part List dialog and the photo hotspots read it.
 */
export const stationPartsResponse = z.array(partDetail);
export type StationPart = PartDetail;

import type { BattlestationCard } from '@battledeck/shared/contract';
import type { BattlestationCardRow, PhotoSizeRow } from '../repositories/battlestations-repository';
import { toIso } from '../lib/timestamps';

/** A card as the contract shapes it: is_public as 0/1, the date as ISO 8601, the thumbnail's size as an object. */
export function toBattlestationCard(row: BattlestationCardRow): BattlestationCard {
  const size = typeof row.thumbnail_size === 'string' ? (JSON.parse(row.thumbnail_size) as PhotoSizeRow) : row.thumbnail_size;
  return { ...row, thumbnail_size: size, created_date: toIso(row.created_date), is_public: row.is_public ? 1 : 0 };
}

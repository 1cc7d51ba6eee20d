import type { BattlestationCard } from '@battledeck/shared/contract';
import type { BattlestationCardRow } from '../repositories/battlestations-repository';
import { toIso } from '../lib/timestamps';

/** A card as the contract shapes it: is_public as 0/1, the date as ISO 8601. */
export function toBattlestationCard(row: BattlestationCardRow): BattlestationCard {
  return { ...row, created_date: toIso(row.created_date), is_public: row.is_public ? 1 : 0 };
}

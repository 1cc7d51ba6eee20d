import type { BattlestationDetail } from '@battledeck/shared/contract';

/** A station page's meta description (the browser sets it, the server writes it into the head). */
export function stationDescription(station: Pick<BattlestationDetail, 'name' | 'username'>): string {
  return `${station.name} by ${station.username}: photos and part list on Battledeck.`;
}

import type { BattlestationCard } from '@battledeck/shared/contract';
import { rememberOpener, restoreFocusAfterDelete, type OpenerPlace } from '@battledeck/shared/widgets';
import { useEffect, useRef, useState } from 'react';
import { useRemoveFavorite } from '../api/remove-favorite';

/**
 * The favorites page's Remove action: removes optimistically, says when it failed (kept by the page, so the
 * message survives the table going away with the last row), and gives the focus to the same button of the
 * row that took the removed one's place (or the main content when none is left).
 */
export function useRemoveFromFavorites(stations: BattlestationCard[] | undefined) {
  const mutation = useRemoveFavorite();
  const [failed, setFailed] = useState(false);
  const opener = useRef<OpenerPlace | null>(null);

  useEffect(() => {
    if (!opener.current || opener.current.element.isConnected) return;
    restoreFocusAfterDelete(opener.current);
    opener.current = null;
  }, [stations]);

  const remove = (station: BattlestationCard) => {
    setFailed(false);
    opener.current = rememberOpener();
    mutation.mutate(station.battlestation_id, { onError: () => setFailed(true) });
  };

  return { remove, failed };
}

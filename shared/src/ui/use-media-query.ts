import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, following changes live; `serverValue` on the server and during hydration,
 * so the first render matches the server's markup.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  // One subscription per query, not one per render.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

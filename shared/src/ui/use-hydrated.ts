import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during the browser's hydrating render, true afterwards: what differs between the
 * two (the viewer's time zone, the clock) renders the server's way first, so hydration matches, and then
 * the viewer's way.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

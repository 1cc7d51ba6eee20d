import { useSyncExternalStore } from 'react';

/** Below antd's `sm` breakpoint (576 px), where `responsive: ['sm']` columns give way and `phoneOnly` shows. */
const NARROW = '(max-width: 575.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True on a phone-width screen; false on the server, where the wide layout is drawn first. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

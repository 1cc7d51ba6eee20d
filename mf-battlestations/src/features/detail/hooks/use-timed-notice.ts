import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §4/§9: a favorite notice shows about 5 seconds, then fades over 300 ms. */
export const NOTICE_VISIBLE_MS = 5000;
export const NOTICE_FADE_MS = 300;

export interface TimedNotice<K> {
  kind: K;
  fading: boolean;
}

/**
 * A notice that shows, fades and goes by itself; `notice` is set for the whole 5.3 s. `hold` keeps it while
 * the pointer or the focus is on it (its link must not vanish under a reader: WCAG 2.2.1), `release` gives it
 * its time again.
 */
export function useTimedNotice<K>() {
  const [notice, setNotice] = useState<TimedNotice<K> | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const clear = () => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
  };
  useEffect(() => clear, []);

  const schedule = useCallback(() => {
    clear();
    timers.current = [
      setTimeout(() => setNotice((current) => current && { ...current, fading: true }), NOTICE_VISIBLE_MS),
      setTimeout(() => setNotice(null), NOTICE_VISIBLE_MS + NOTICE_FADE_MS),
    ];
  }, []);

  const show = useCallback(
    (kind: K) => {
      setNotice({ kind, fading: false });
      schedule();
    },
    [schedule],
  );

  const hold = useCallback(() => {
    clear();
    setNotice((current) => current && { ...current, fading: false });
  }, []);

  return { notice, show, hold, release: schedule };
}

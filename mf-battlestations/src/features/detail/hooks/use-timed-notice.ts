import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §4/§9: a favorite notice shows about 5 seconds, then fades over 300 ms. */
export const NOTICE_VISIBLE_MS = 5000;
export const NOTICE_FADE_MS = 300;

export interface TimedNotice<K> {
  kind: K;
  fading: boolean;
}

/** A notice that shows, fades and goes by itself; `notice` is set for the whole 5.3 s. */
export function useTimedNotice<K>() {
  const [notice, setNotice] = useState<TimedNotice<K> | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const clear = () => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
  };
  useEffect(() => clear, []);

  const show = useCallback((kind: K) => {
    clear();
    setNotice({ kind, fading: false });
    timers.current = [
      setTimeout(() => setNotice((current) => current && { ...current, fading: true }), NOTICE_VISIBLE_MS),
      setTimeout(() => setNotice(null), NOTICE_VISIBLE_MS + NOTICE_FADE_MS),
    ];
  }, []);

  return { notice, show };
}

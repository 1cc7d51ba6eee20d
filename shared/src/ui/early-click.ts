import { useEffect, useEffectEvent } from 'react';

declare global {
  interface Window {
    /** The last control with `data-early-click` clicked before the app started (shell/public/after-load.js). */
    __battledeckEarlyClick?: string | null;
    /** Set by the shell just before React takes the page (shell/src/start.tsx): later clicks are React's own. */
    __battledeckStarted?: boolean;
  }
}

/**
 * A click on a control that only the app can answer (a menu button, the favorite heart) made while a
 * server-rendered page was still loading its scripts is kept by the shell's after-load.js; the control's owner
 * answers it once hydrated, so it is not lost. `name` is the control's `data-early-click`, unique on a page.
 */
export function useEarlyClick(name: string | undefined, answer: () => void): void {
  const answerNow = useEffectEvent(answer);
  useEffect(() => {
    if (name && window.__battledeckEarlyClick === name) {
      window.__battledeckEarlyClick = null;
      answerNow();
    }
  }, [name]);
}

import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A new page starts at its top (a list's query change keeps the scroll position). When the link that led
 * here went with the old page, the focus, left on the document's body, moves to the main region, where
 * keyboard and screen-reader users go on reading, instead of the top of the document; a page that put the
 * focus somewhere itself keeps it. Looked at a frame later: a link in the phone drawer still has the focus
 * when the address changes, and goes with the drawer after.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // The page the effect last saw: the first page, and StrictMode's second run, are no change of page.
  const seen = useRef(pathname);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (seen.current === pathname) return;
    seen.current = pathname;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body) document.getElementById('main')?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}

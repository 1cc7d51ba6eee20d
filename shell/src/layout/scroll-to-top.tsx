import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A new page starts at its top (a list's query change keeps the scroll position). When the link that led
 * here went with the old page, the focus, left on the document's body, moves to the main region, where
 * keyboard and screen-reader users go on reading, instead of the top of the document; a page that put the
 * focus somewhere itself keeps it.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (!active || active === document.body) document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

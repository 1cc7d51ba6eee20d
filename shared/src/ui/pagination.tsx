import type { MouseEvent, ReactNode } from 'react';
import { clampPage, pageWindow } from './page-window';
import styles from './pagination.module.css';

export interface PaginationProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  label?: string;
  /**
   * A page's address: the items become real links (they work before the scripts run, open in a new tab);
   * a plain click still goes through onChange. Without it they are buttons.
   */
  hrefFor?: (page: number) => string;
}

/** A page's URL: the current one with its page parameter set (left out for page 1, the default). */
export function pageHref(pathname: string, search: string, page: number, param = 'pageNumber'): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}

/** A click the browser should handle itself: another button, or a modifier asking for a new tab or window. */
const isOwnClick = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

interface ItemProps {
  target: number;
  hrefFor: PaginationProps['hrefFor'];
  go: (page: number) => void;
  children: ReactNode;
  label?: string;
  current?: boolean;
  unavailable?: boolean;
}

function Item({ target, hrefFor, go, children, label, current, unavailable }: ItemProps) {
  const common = {
    className: styles.button,
    'aria-label': label,
    'aria-current': current ? ('page' as const) : undefined,
    // aria-disabled, not disabled (nor a link without href): on the first or last page it keeps the keyboard focus.
    'aria-disabled': unavailable === undefined ? undefined : unavailable,
  };
  if (!hrefFor) {
    return (
      <button type="button" {...common} onClick={() => go(target)}>
        {children}
      </button>
    );
  }
  return (
    <a
      {...common}
      href={hrefFor(target)}
      onClick={(event) => {
        if (isOwnClick(event)) return;
        event.preventDefault();
        go(target);
      }}
    >
      {children}
    </a>
  );
}

/** Previous/next and numbered pages with the spec's windowing; hidden when there is one page. */
export function Pagination({ page, pages, onChange, label = 'Pagination', hrefFor }: PaginationProps) {
  if (pages <= 1) return null;
  const current = clampPage(page, pages);
  const go = (target: number) => {
    const next = clampPage(target, pages);
    if (next !== current) onChange(next);
  };
  return (
    <nav className={styles.nav} aria-label={label}>
      <ul className={styles.list}>
        <li>
          <Item target={clampPage(current - 1, pages)} hrefFor={hrefFor} go={go} unavailable={current === 1}>
            Previous
          </Item>
        </li>
        {pageWindow(current, pages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Item target={item} hrefFor={hrefFor} go={go} label={`Page ${item}`} current={item === current}>
                {item}
              </Item>
            </li>
          ) : (
            <li key={item} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <Item target={clampPage(current + 1, pages)} hrefFor={hrefFor} go={go} unavailable={current === pages}>
            Next
          </Item>
        </li>
      </ul>
    </nav>
  );
}

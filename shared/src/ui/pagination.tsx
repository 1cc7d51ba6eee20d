import { clampPage, pageWindow } from './page-window';
import styles from './pagination.module.css';

export interface PaginationProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  label?: string;
}

/** Previous/next and numbered page buttons with the spec's windowing; hidden when there is one page. */
export function Pagination({ page, pages, onChange, label = 'Pagination' }: PaginationProps) {
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
          {/* aria-disabled, not disabled: on the first or last page the button keeps the keyboard focus. */}
          <button type="button" className={styles.button} onClick={() => go(current - 1)} aria-disabled={current === 1}>
            Previous
          </button>
        </li>
        {pageWindow(current, pages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={styles.button}
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <button type="button" className={styles.button} onClick={() => go(current + 1)} aria-disabled={current === pages}>
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}

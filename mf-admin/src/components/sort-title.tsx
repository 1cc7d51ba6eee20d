import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { naturalDirection, type Direction } from '@battledeck/shared/contract';
import type { ThHTMLAttributes } from 'react';
import styles from './sort-title.module.css';

export interface SortState<S extends string> {
  sortBy: S;
  direction: Direction;
}

/**
 * A column header that sorts: a real button (keyboard, accessible name) whose arrow shows the direction;
 * the header cell carries aria-sort (see sortHeaderCell). Choosing the sorted column again toggles the
 * direction; another column starts in its natural one (decision 24: counts most first, names A to Z, the date
 * as it was).
 */
export function SortTitle<S extends string>({
  label,
  column,
  state,
  onSort,
}: {
  label: string;
  column: S;
  state: SortState<S>;
  onSort: (next: SortState<S>) => void;
}) {
  const active = state.sortBy === column;
  const next: Direction = active ? (state.direction === 'asc' ? 'desc' : 'asc') : naturalDirection(column, state.direction);
  // Idle, the faint arrow shows where a click sorts (counts start highest first); active, how it is sorted.
  const Arrow = (active ? state.direction : next) === 'desc' ? ArrowDownOutlined : ArrowUpOutlined;
  return (
    <button
      type="button"
      className={`${styles.sort} ${active ? styles.active : ''}`}
      onClick={() => onSort({ sortBy: column, direction: next })}
      title={`Sort by ${label.toLowerCase()}, ${next === 'asc' ? 'ascending' : 'descending'}`}
    >
      {label}
      <Arrow aria-hidden className={active ? undefined : styles.idle} />
    </button>
  );
}

/** aria-sort for the header cell of a sortable column (antd Table's onHeaderCell). */
export function sortHeaderCell<S extends string>(column: S, state: SortState<S>): () => ThHTMLAttributes<HTMLTableCellElement> {
  return () => ({ 'aria-sort': state.sortBy === column ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none' });
}

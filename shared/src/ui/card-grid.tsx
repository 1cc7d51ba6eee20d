import type { ReactNode } from 'react';
import styles from './card-grid.module.css';

/** A responsive list of cards. */
export function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}

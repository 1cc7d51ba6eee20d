import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/** A page's h1 with its actions (e.g. 'New') on the same line. */
export function PageHeader({ title, id, actions }: { title: ReactNode; id?: string; actions?: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1 id={id} className={styles.title}>
        {title}
      </h1>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './media-card.module.css';

export type MediaShape = 'landscape' | 'square';

export interface MediaCardProps {
  to: string;
  /** The picture, sized by the card (`shape` keeps its box before it loads: no layout shift). */
  media: ReactNode;
  shape: MediaShape;
  title: string;
  /** What goes under the title. */
  children: ReactNode;
  /**
   * The details hold links of their own (a station's "by: username"): the card is then not one link (links
   * may not nest) but its picture and title are, stretched over the whole card, with the details' links on top.
   */
  linkedDetails?: boolean;
}

/** A linked card with a picture on top, a title and details below (battlestation and part cards). */
export function MediaCard({ to, media, shape, title, children, linkedDetails = false }: MediaCardProps) {
  const picture = <span className={`${styles.media} ${styles[shape]}`}>{media}</span>;
  if (linkedDetails) {
    return (
      <div className={`${styles.card} ${styles.stretched}`}>
        <Link to={to} className={styles.cover}>
          {picture}
          <span className={styles.coverTitle}>
            <h3 className={styles.name}>{title}</h3>
          </span>
        </Link>
        <span className={`${styles.body} ${styles.details}`}>{children}</span>
      </div>
    );
  }
  return (
    <Link to={to} className={styles.card}>
      {picture}
      <span className={styles.body}>
        <h3 className={styles.name}>{title}</h3>
        {children}
      </span>
    </Link>
  );
}

/** A grey stand-in of the same size while cards load. */
export function MediaCardSkeleton({ shape }: { shape: MediaShape }) {
  return (
    <span className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
      <span className={`${styles.media} ${styles[shape]} ${styles.block}`} />
      <span className={`${styles.body} ${styles[`${shape}Body`]}`}>
        <span className={`${styles.block} ${styles.title}`} />
        <span className={`${styles.block} ${styles.line}`} />
        <span className={`${styles.block} ${styles.foot}`} />
      </span>
    </span>
  );
}

import type { AdminStats } from '@battledeck/shared/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useBasePath } from '../../../lib/base-path';
import styles from './stat-cards.module.css';

const number = new Intl.NumberFormat('en-US');

function Card({ label, value, detail }: { label: string; value: number; detail?: ReactNode }) {
  return (
    <div className={styles.card}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>{number.format(value)}</dd>
      {detail && <dd className={styles.detail}>{detail}</dd>}
    </div>
  );
}

/** The figures as cards: a description list, so each number is read with its label. */
export function StatCards({ stats }: { stats: AdminStats }) {
  const base = useBasePath();
  const uploads = stats.uploads_per_day.reduce((sum, day) => sum + day.count, 0);
  const { public: open, private: hidden } = stats.battlestations;
  return (
    <dl className={styles.grid} aria-label="Figures">
      <Card label="Users" value={stats.users} />
      <Card label="Battlestations" value={open + hidden} detail={`${number.format(open)} public · ${number.format(hidden)} private`} />
      <Card label="Parts" value={stats.parts} />
      <Card label="Stores" value={stats.stores} />
      <Card
        label="Pending requests"
        value={stats.pending_requests}
        detail={<Link to={`${base}/pending_parts`}>Review pending parts</Link>}
      />
      <Card label="Uploads, last 30 days" value={uploads} />
    </dl>
  );
}

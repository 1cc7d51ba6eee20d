import styles from './loading.module.css';

/** A centred spinner with an accessible label. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.spinnerWrap} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** Grey bars standing in for a page while the session loads. */
export function PageSkeleton() {
  return (
    <div className={styles.skeletonPage} role="status" aria-live="polite">
      <span className="visually-hidden">Loading</span>
      <span className={styles.bar} style={{ width: '40%', height: 28 }} />
      <span className={styles.bar} style={{ width: '90%' }} />
      <span className={styles.bar} style={{ width: '75%' }} />
      <span className={styles.bar} style={{ width: '82%' }} />
    </div>
  );
}

import { Button } from 'antd';
import { PROFILE_MESSAGES } from '../lib/messages';
import styles from './list-status.module.css';

/** 'LOADING...' while a profile table loads (SPEC "Profile area"). */
export function ListLoading() {
  return (
    <p className={styles.status} role="status">
      {PROFILE_MESSAGES.loading}
    </p>
  );
}

/** The tables' failure message, with a way to try again. */
export function ListError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.status} role="alert">
      <p className={styles.error}>{PROFILE_MESSAGES.listFailed}</p>
      <Button onClick={onRetry}>{PROFILE_MESSAGES.retry}</Button>
    </div>
  );
}

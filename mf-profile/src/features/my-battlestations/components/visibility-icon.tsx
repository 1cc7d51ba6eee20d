import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { Flag } from '@battledeck/shared/contract';
import styles from './my-battlestations.module.css';

/** Public or private, by icon shape and (from small screens up) in words; named for screen readers either way. */
export function VisibilityIcon({ isPublic }: { isPublic: Flag }) {
  const label = isPublic ? 'Public' : 'Private';
  return (
    <span className={styles.visibility} title={label}>
      {isPublic ? <EyeOutlined aria-label={label} /> : <EyeInvisibleOutlined aria-label={label} />}
      <span className={styles.visibilityText} aria-hidden="true">
        {label}
      </span>
    </span>
  );
}

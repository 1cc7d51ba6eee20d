import type { PartType } from '@battledeck/shared/contract';
import { Select } from 'antd';
import { NavLink, useNavigate } from 'react-router-dom';
import { ADMIN_TEXT } from '../../../lib/messages';
import styles from './parts-page.module.css';

const ALL = '';

/** The part types (All plus each type_path): a side list on wide screens, a select on narrow ones. */
export function PartTypeNav({ base, types, current, failed }: { base: string; types: PartType[] | undefined; current: string | undefined; failed: boolean }) {
  const navigate = useNavigate();
  const linkClass = ({ isActive }: { isActive: boolean }) => `${styles.typeLink} ${isActive ? styles.typeActive : ''}`;
  const pathOf = (typePath: string) => (typePath ? `${base}/parts/${encodeURIComponent(typePath)}` : `${base}/parts`);
  if (failed) {
    return (
      <p role="alert" className={styles.typeMessage}>
        {ADMIN_TEXT.typesFailed}
      </p>
    );
  }
  if (!types) return <p className={styles.typeMessage}>{ADMIN_TEXT.loading}</p>;
  return (
    <>
      <nav aria-label="Part types" className={styles.typeNav}>
        <ul className={styles.typeList}>
          <li>
            <NavLink to={pathOf(ALL)} end className={linkClass}>
              All
            </NavLink>
          </li>
          {types.map((type) => (
            <li key={type.type_id}>
              <NavLink to={pathOf(type.type_path)} className={linkClass}>
                {type.type_name}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.typeSelect}>
        <Select
          aria-label="Part type"
          value={current ?? ALL}
          onChange={(typePath: string) => navigate(pathOf(typePath))}
          options={[{ value: ALL, label: 'All' }, ...types.map((t) => ({ value: t.type_path, label: t.type_name }))]}
          style={{ width: '100%' }}
        />
      </div>
    </>
  );
}

import { usePageTitle } from '@battledeck/shared/ui';
import { Link } from 'react-router-dom';
import { partPaths, useBasePath } from '../../../lib/base-path';
import { PART_TEXTS } from '../part-texts';
import styles from './part-page.module.css';

/** A part that does not exist or could not be loaded (decision 22). */
export function PartNotFound() {
  const base = useBasePath();
  usePageTitle(PART_TEXTS.errorTitle);
  return (
    <div className="page">
      <div className={styles.notFound} role="alert">
        <h1 className={styles.notFoundTitle}>{PART_TEXTS.notFound}</h1>
        <Link to={partPaths.browse(base)} className={styles.notFoundLink}>
          {PART_TEXTS.backToParts}
        </Link>
      </div>
    </div>
  );
}

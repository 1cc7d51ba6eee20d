import { Link } from 'react-router-dom';
import { partPaths, useBasePath } from '../../../lib/base-path';
import styles from './part-page.module.css';

/** Home > Parts > the part's category. */
export function PartBreadcrumb({ typeName, typePath }: { typeName: string; typePath: string }) {
  const base = useBasePath();
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      <ol>
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to={partPaths.browse(base)}>Parts</Link>
        </li>
        <li>
          <Link to={partPaths.browse(base, typePath)}>{typeName}</Link>
        </li>
      </ol>
    </nav>
  );
}

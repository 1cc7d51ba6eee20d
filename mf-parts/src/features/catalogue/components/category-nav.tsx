import type { PartType } from '@battledeck/shared/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { CATALOGUE_TEXTS } from '../catalogue-texts';
import styles from './browse-page.module.css';

interface CategoryNavProps {
  types: UseQueryResult<PartType[]>;
  /** The current category's type_path; undefined for All. */
  current: string | undefined;
  /** Where a category's link goes (see useCatalogueState). */
  hrefFor: (typePath: string | undefined) => string;
}

/** The side list of categories, All first (hidden on small screens, where CategorySelect stands in). */
export function CategoryNav({ types, current, hrefFor }: CategoryNavProps) {
  return (
    <nav className={styles.sidebar} aria-labelledby="part-categories-title">
      <h2 id="part-categories-title" className={styles.sidebarTitle}>
        Categories
      </h2>
      {types.isPending ? (
        <p className={styles.status} role="status">
          {CATALOGUE_TEXTS.categoriesLoading}
        </p>
      ) : types.isError ? (
        <p className={styles.status} role="alert">
          {CATALOGUE_TEXTS.categoriesError}
        </p>
      ) : (
        <ul className={styles.categoryList}>
          {[{ type_path: undefined, type_name: CATALOGUE_TEXTS.all, type_id: 0 }, ...types.data].map((type) => (
            <li key={type.type_id}>
              <Link
                className={styles.categoryLink}
                to={hrefFor(type.type_path)}
                aria-current={type.type_path === current ? 'page' : undefined}
              >
                {type.type_name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

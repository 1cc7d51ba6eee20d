import type { PartType } from '@battledeck/shared/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { CATALOGUE_TEXTS } from '../catalogue-texts';
import styles from './browse-page.module.css';

interface CategoryLinksProps {
  types: UseQueryResult<PartType[]>;
  /** The current category's type_path; undefined for All. */
  current: string | undefined;
  /** Where a category's link goes (see useCatalogueState). */
  hrefFor: (typePath: string | undefined) => string;
  /** A link followed here (not opened elsewhere with a modifier key). */
  onFollow?: () => void;
}

/** All, then each category, as links: real addresses, so a choice works before and without the scripts. */
function CategoryLinks({ types, current, hrefFor, onFollow }: CategoryLinksProps) {
  if (types.isPending) {
    return (
      <p className={styles.status} role="status">
        {CATALOGUE_TEXTS.categoriesLoading}
      </p>
    );
  }
  if (types.isError) {
    return (
      <p className={styles.status} role="alert">
        {CATALOGUE_TEXTS.categoriesError}
      </p>
    );
  }
  return (
    <ul className={styles.categoryList}>
      {[{ type_path: undefined, type_name: CATALOGUE_TEXTS.all, type_id: 0 }, ...types.data].map((type) => (
        <li key={type.type_id}>
          <Link
            className={styles.categoryLink}
            to={hrefFor(type.type_path)}
            aria-current={type.type_path === current ? 'page' : undefined}
            onClick={(event) => {
              if (!(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) onFollow?.();
            }}
          >
            {type.type_name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The side list of categories (hidden on small screens, where CategoryMenu stands in). */
export function CategoryNav(props: CategoryLinksProps) {
  return (
    <nav className={styles.sidebar} aria-labelledby="part-categories-title">
      <h2 id="part-categories-title" className={styles.sidebarTitle}>
        Categories
      </h2>
      <CategoryLinks {...props} />
    </nav>
  );
}

/**
 * The categories of small screens: a disclosure of the same links, which opens and follows without the
 * scripts too (a select would need them to go anywhere, and hydration would reset a choice made before).
 */
export function CategoryMenu({ currentName, ...props }: CategoryLinksProps & { currentName: string }) {
  const disclosure = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  // Closed behind a choice or by Escape, the focus goes back to the summary, not with a hidden link.
  const close = () => {
    if (!disclosure.current?.open) return;
    disclosure.current.open = false;
    summary.current?.focus();
  };
  return (
    // Escape closes it as it closes the site's other menus.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details
      ref={disclosure}
      className={styles.mobileCategory}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && disclosure.current?.open) {
          event.preventDefault();
          close();
        }
      }}
    >
      <summary ref={summary} className={styles.mobileCategorySummary}>
        <span className={styles.controlLabel}>Category</span>
        <span className={styles.mobileCategoryValue}>{currentName}</span>
      </summary>
      <CategoryLinks {...props} onFollow={close} />
    </details>
  );
}

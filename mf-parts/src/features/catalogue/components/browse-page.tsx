import { naturalDirection } from '@battledeck/shared/plain-contract';
import { isPastTheEnd, usePageTitle } from '@battledeck/shared/ui';
import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { useBasePath } from '../../../lib/base-path';
import { useParts } from '../api/get-parts';
import { browseTitle, CATALOGUE_TEXTS } from '../catalogue-texts';
import { useCatalogueState } from '../hooks/use-catalogue-state';
import styles from './browse-page.module.css';
import { CatalogueToolbar } from './catalogue-toolbar';
import { CategoryMenu, CategoryNav } from './category-nav';
import { PartsResults } from './parts-results';
import { SubmitPartButton } from './submit-part-button';

/** /parts and /parts/{type_path} (SPEC "Parts browse"). */
export default function BrowsePage() {
  const base = useBasePath();
  const { path, category, types, list, update, hrefFor } = useCatalogueState();
  const parts = useParts({ ...list, partType: path });
  const topRef = useRef<HTMLDivElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const categoryName = category.status === 'found' ? category.type.type_name : undefined;
  usePageTitle(browseTitle(categoryName));

  // A page past the end (a shared link after the catalogue shrank) falls back to the first (decision 3).
  const pastTheEnd = parts.isSuccess && isPastTheEnd(list.pageNumber, parts.data.total, list.resultsPerPage);
  useEffect(() => {
    if (pastTheEnd) update({ pageNumber: 1 }, { replace: true });
  }, [pastTheEnd, update]);

  if (category.status === 'unknown') return <Navigate to={base} replace />;

  const heading =
    category.status === 'all' ? CATALOGUE_TEXTS.all : category.status === 'found' ? category.type.type_name : category.status === 'unverified' ? category.path : '';

  const goToPage = (pageNumber: number) => {
    update({ pageNumber });
    topRef.current?.scrollIntoView?.({ block: 'start' });
    // Keyboard and screen reader users continue at the top of the new results.
    resultsHeading.current?.focus({ preventScroll: true });
  };

  return (
    <div className="page" ref={topRef}>
      <div className={styles.header}>
        <h1 className={styles.title}>{heading || <span className={styles.titlePlaceholder}>{CATALOGUE_TEXTS.categoriesLoading}</span>}</h1>
        <SubmitPartButton initialName={list.searchTerm} partType={path} />
      </div>
      <div className={styles.layout}>
        <CategoryNav types={types} current={path} hrefFor={hrefFor} />
        <div className={styles.main}>
          <div className={styles.controls}>
            <CategoryMenu types={types} current={path} hrefFor={hrefFor} currentName={heading || CATALOGUE_TEXTS.categoriesLoading} />
            <CatalogueToolbar
              searchTerm={list.searchTerm}
              sortBy={list.sortBy}
              direction={list.direction}
              resultsPerPage={list.resultsPerPage}
              onSearch={(searchTerm) => update({ searchTerm })}
              onSort={(sortBy) => update({ sortBy, direction: naturalDirection(sortBy, list.direction) })}
              onDirection={(direction) => update({ direction })}
              onPageSize={(resultsPerPage) => update({ resultsPerPage })}
            />
          </div>
          <PartsResults parts={parts} pageNumber={list.pageNumber} resultsPerPage={list.resultsPerPage} onPage={goToPage} headingRef={resultsHeading} />
        </div>
      </div>
    </div>
  );
}

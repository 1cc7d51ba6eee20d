import type { PartsListResponse } from '@battledeck/shared/contract';
import { countLabel } from '@battledeck/shared/format';
import { pageHref, Pagination, totalPages } from '@battledeck/shared/ui';
import type { RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import { CATALOGUE_TEXTS } from '../catalogue-texts';
import styles from './browse-page.module.css';
import { PartCard, PartCardSkeleton } from './part-card';

const SKELETONS = 12;

interface PartsResultsProps {
  parts: UseQueryResult<PartsListResponse>;
  pageNumber: number;
  resultsPerPage: number;
  onPage: (page: number) => void;
  /** The results' heading: a new page moves the focus there (the page link that was used goes while it loads). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

/** The grid of part cards with its loading, error and empty states and the page buttons. */
export function PartsResults({ parts, pageNumber, resultsPerPage, onPage, headingRef }: PartsResultsProps) {
  const location = useLocation();
  return (
    <section className={styles.results} aria-labelledby="parts-results-title" aria-busy={parts.isPending}>
      {/* Announced as it changes: a search, a sort or a page says how many parts it found. */}
      <h2 id="parts-results-title" ref={headingRef} tabIndex={-1} className={styles.resultsTitle} aria-live="polite">
        {parts.isSuccess ? countLabel(parts.data.total, 'Part') : <span className="visually-hidden">Parts</span>}
      </h2>
      {parts.isError ? (
        <p className={styles.message} role="alert">
          {CATALOGUE_TEXTS.loadError}
        </p>
      ) : parts.isSuccess && parts.data.parts.length === 0 ? (
        <p className={styles.message} role="status">
          {CATALOGUE_TEXTS.empty}
        </p>
      ) : (
        <ul className={styles.grid} aria-label="Parts">
          {parts.isPending
            ? Array.from({ length: Math.min(resultsPerPage, SKELETONS) }, (_, i) => (
                <li key={`skeleton-${i}`}>
                  <PartCardSkeleton />
                </li>
              ))
            : parts.data?.parts.map((part, index) => (
                <li key={part.part_id}>
                  <PartCard part={part} first={index === 0} />
                </li>
              ))}
        </ul>
      )}
      {parts.isSuccess && (
        <Pagination
          page={pageNumber}
          pages={totalPages(parts.data.total, resultsPerPage)}
          onChange={onPage}
          hrefFor={(page) => pageHref(location.pathname, location.search, page)}
          label="Parts pages"
        />
      )}
    </section>
  );
}

import type { BattlestationsListResponse, battlestationsQuery } from '@battledeck/shared/contract';
import { BattlestationCard, BattlestationCardSkeleton, CardGrid } from '@battledeck/shared/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RefObject } from 'react';
import type { z } from 'zod';
import styles from './browse-page.module.css';

export const BROWSE_MESSAGES = {
  empty: 'Sorry, no battlestations found that match your search.',
  error: 'Sorry, we were unable to load any battlestations. Please try again later.',
} as const;

interface BrowseResultsProps {
  query: UseQueryResult<BattlestationsListResponse>;
  state: z.output<typeof battlestationsQuery>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

function summary(state: BrowseResultsProps['state'], data: BattlestationsListResponse | undefined): string {
  if (!data) return 'Loading battlestations…';
  if (data.total === 0) return 'No battlestations';
  const first = (state.pageNumber - 1) * state.resultsPerPage + 1;
  const last = first + data.battlestations.length - 1;
  const range = data.battlestations.length > 0 ? `${first}–${last} of ` : '';
  const found = `${range}${data.total} battlestation${data.total === 1 ? '' : 's'}`;
  return state.searchTerm ? `${found} for “${state.searchTerm}”` : found;
}

/** The cards, their skeletons while loading, or the empty/error message. */
export function BrowseResults({ query, state, headingRef }: BrowseResultsProps) {
  return (
    <section className={styles.results} aria-labelledby="browse-results-heading" aria-busy={query.isPending}>
      <h2 id="browse-results-heading" ref={headingRef} tabIndex={-1} className={styles.summary} aria-live="polite">
        {query.isError ? 'Results' : summary(state, query.data)}
      </h2>
      {query.isError && (
        <p role="alert" className={styles.message}>
          {BROWSE_MESSAGES.error}
        </p>
      )}
      {query.isSuccess && query.data.battlestations.length === 0 && query.data.total === 0 && <p className={styles.message}>{BROWSE_MESSAGES.empty}</p>}
      {query.isPending && (
        <CardGrid label="Loading battlestations">
          {Array.from({ length: state.resultsPerPage }, (_, i) => (
            <li key={`skeleton-${i}`}>
              <BattlestationCardSkeleton />
            </li>
          ))}
        </CardGrid>
      )}
      {query.isSuccess && query.data.battlestations.length > 0 && (
        <CardGrid label="Battlestations">
          {query.data.battlestations.map((station, index) => (
            <li key={station.battlestation_id}>
              <BattlestationCard station={station} lcp={index === 0} />
            </li>
          ))}
        </CardGrid>
      )}
    </section>
  );
}

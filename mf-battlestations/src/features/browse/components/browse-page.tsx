import { battlestationsListQuery, BATTLESTATIONS_QUERY_DEFAULTS, type BattlestationsListState } from '@battledeck/shared/plain-contract';
import { pageHref, Pagination, totalPages, useLastPageBeyondEnd, useListState, usePageTitle } from '@battledeck/shared/ui';
import { useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { BattlestationFacets } from '@battledeck/shared/contract';
import { useBattlestations } from '../api/get-battlestations';
import { BrowseControls } from './browse-controls';
import { BrowseResults } from './browse-results';
import styles from './browse-page.module.css';

const DEFAULTS: BattlestationsListState = { ...BATTLESTATIONS_QUERY_DEFAULTS, searchTerm: undefined };

/** /battlestations: search, sort, desk filters, page size and page, all kept in the URL (decision 3). */
export default function BrowsePage() {
  usePageTitle('Browse Battlestations');
  const [state, update] = useListState(battlestationsListQuery, DEFAULTS);
  const query = useBattlestations(state);
  const pages = query.data ? totalPages(query.data.total, state.resultsPerPage) : 1;
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  // The filters keep the last counts while the next answer loads (an answer to a broad search has none).
  const facets = useRef<BattlestationFacets>(undefined);
  if (query.data) facets.current = query.data.facets;

  useLastPageBeyondEnd(state, query.isSuccess ? query.data.total : undefined, update);

  const changePage = (pageNumber: number) => {
    update({ pageNumber });
    // Keyboard and screen reader users continue at the top of the new results.
    resultsHeading.current?.focus();
  };

  return (
    <div className="page">
      <h1 className={styles.title}>Browse Battlestations</h1>
      <BrowseControls state={state} facets={facets.current} onChange={update} />
      <BrowseResults query={query} state={state} headingRef={resultsHeading} />
      {query.isSuccess && (
        <Pagination
          page={state.pageNumber}
          pages={pages}
          onChange={changePage}
          hrefFor={(page) => pageHref(location.pathname, location.search, page)}
          label="Battlestation pages"
        />
      )}
    </div>
  );
}

import { BATTLESTATION_PAGE_SIZES, naturalDirection, type BattlestationsListState, type BattlestationSort } from '@battledeck/shared/plain-contract';
import { Button, SearchField, submittedTerm, SelectField, SortAscendingIcon, SortDescendingIcon, useSearchText } from '@battledeck/shared/ui';
import { useLocation } from 'react-router-dom';
import type { BattlestationFacets } from '@battledeck/shared/contract';
import { BrowseFilters } from './browse-filters';
import styles from './browse-page.module.css';

type ListState = BattlestationsListState;

const SORT_OPTIONS: { value: BattlestationSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'favorites', label: 'Favorites' },
  { value: 'created_date', label: 'Date Uploaded' },
];
const PAGE_SIZE_OPTIONS = BATTLESTATION_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }));

interface BrowseControlsProps {
  state: ListState;
  /** The filters' counts from the last answer (decision 017). */
  facets?: BattlestationFacets;
  onChange: (changes: Partial<ListState>) => void;
}

/**
 * Search, Sort By, direction toggle and Per Page (SPEC "Public browse") as one GET form whose fields are the
 * URL's query parameters: before the scripts run the browser submits it and the server renders the result.
 * With them, the search applies on Enter or the search button, a select at once, and nothing reloads.
 */
export function BrowseControls({ state, facets, onChange }: BrowseControlsProps) {
  const { pathname } = useLocation();
  const [text, setText] = useSearchText(state.searchTerm);
  const ascending = state.direction === 'asc';
  const directionLabel = ascending ? 'Ascending' : 'Descending';
  return (
    <form
      method="get"
      action={pathname}
      role="search"
      aria-label="Battlestations"
      className={styles.controls}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ searchTerm: submittedTerm(event.currentTarget) });
      }}
    >
      <SearchField
        id="browse-search"
        name="searchTerm"
        label="Search battlestations"
        className={styles.search}
        value={text}
        onValueChange={setText}
        // The clear button empties the box: show everything again at once.
        onClear={() => {
          setText('');
          if (state.searchTerm) onChange({ searchTerm: undefined });
        }}
        placeholder="Search by name, part or user"
      />
      <div className={styles.options}>
        <SelectField
          id="browse-sort"
          name="sortBy"
          label="Sort By"
          value={state.sortBy}
          options={SORT_OPTIONS}
          onChange={(event) => {
            const sortBy = event.target.value as BattlestationSort;
            onChange({ sortBy, direction: naturalDirection(sortBy, state.direction) });
          }}
          className={styles.sortSelect}
        />
        {/* Submits the other direction; the hidden field after it keeps the current one for the other submits
            (the first value of a repeated parameter is the one read). */}
        <Button
          type="submit"
          name="direction"
          value={ascending ? 'desc' : 'asc'}
          className={styles.direction}
          onClick={(event) => {
            event.preventDefault();
            onChange({ direction: ascending ? 'desc' : 'asc' });
          }}
          icon={ascending ? <SortAscendingIcon /> : <SortDescendingIcon />}
          aria-label={`Sort direction: ${directionLabel}`}
          title="Change the sort direction"
        >
          <span className={styles.directionText}>{directionLabel}</span>
        </Button>
        <input type="hidden" name="direction" value={state.direction} />
        <SelectField
          id="browse-page-size"
          name="resultsPerPage"
          label="Per Page"
          value={state.resultsPerPage}
          options={PAGE_SIZE_OPTIONS}
          onChange={(event) => onChange({ resultsPerPage: Number(event.target.value) })}
          className={styles.sizeSelect}
          fieldClassName={styles.sizeField}
        />
      </div>
      <BrowseFilters state={state} facets={facets} onChange={onChange} />
    </form>
  );
}

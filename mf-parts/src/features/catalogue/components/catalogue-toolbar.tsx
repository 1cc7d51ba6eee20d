import { PART_PAGE_SIZES, type Direction, type PartSort } from '@battledeck/shared/plain-contract';
import { Button, SearchField, submittedTerm, Select, SortAscendingIcon, SortDescendingIcon, useSearchText } from '@battledeck/shared/ui';
import { useLocation } from 'react-router-dom';
import { CATALOGUE_TEXTS } from '../catalogue-texts';
import styles from './browse-page.module.css';

const SORT_OPTIONS: { value: PartSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'battlestation_count', label: CATALOGUE_TEXTS.mostPopular },
];
const PAGE_SIZE_OPTIONS = PART_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }));

const DIRECTION_WORDS: Record<Direction, string> = { asc: 'Ascending', desc: 'Descending' };

export interface CatalogueToolbarProps {
  searchTerm: string | undefined;
  sortBy: PartSort;
  direction: Direction;
  resultsPerPage: number;
  onSearch: (term: string | undefined) => void;
  onSort: (sortBy: PartSort) => void;
  onDirection: (direction: Direction) => void;
  onPageSize: (size: number) => void;
}

/**
 * Search (Enter or the button), sort, direction toggle and page size of the catalogue: one GET form of this
 * page whose fields are the URL's query (GET /parts' names), so it works before the scripts run; with them
 * every change goes through the URL without a reload.
 */
export function CatalogueToolbar(props: CatalogueToolbarProps) {
  const { searchTerm, sortBy, direction, resultsPerPage } = props;
  const { pathname } = useLocation();
  const [text, setText] = useSearchText(searchTerm);
  const other: Direction = direction === 'asc' ? 'desc' : 'asc';
  return (
    <form
      method="get"
      action={pathname}
      role="search"
      aria-label="Parts"
      className={styles.toolbar}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSearch(submittedTerm(event.currentTarget));
      }}
    >
      <SearchField
        id="parts-search"
        name="searchTerm"
        label="Search parts"
        className={styles.search}
        value={text}
        onValueChange={setText}
        // Clearing text never searched for changes nothing else (the page stays, no history entry).
        onClear={() => {
          setText('');
          if (searchTerm) props.onSearch(undefined);
        }}
        placeholder="Search by name or manufacturer"
      />
      <div className={styles.control}>
        <label htmlFor="parts-sort" className={styles.controlLabel}>
          Sort By
        </label>
        <Select
          id="parts-sort"
          name="sortBy"
          value={sortBy}
          options={SORT_OPTIONS}
          onChange={(event) => props.onSort(event.target.value as PartSort)}
          className={styles.sortSelect}
        />
        {/* Submits the other direction; the hidden field after it keeps the current one for the other submits
            (the first value of a repeated parameter is the one read). */}
        <Button
          type="submit"
          name="direction"
          value={other}
          icon={direction === 'asc' ? <SortAscendingIcon /> : <SortDescendingIcon />}
          aria-label={`Direction: ${DIRECTION_WORDS[direction]}`}
          title={`Switch to ${DIRECTION_WORDS[other].toLowerCase()}`}
          onClick={(event) => {
            event.preventDefault();
            props.onDirection(other);
          }}
        >
          {DIRECTION_WORDS[direction]}
        </Button>
        <input type="hidden" name="direction" value={direction} />
      </div>
      <div className={styles.control}>
        <label htmlFor="parts-page-size" className={styles.controlLabel}>
          Per Page
        </label>
        <Select
          id="parts-page-size"
          name="resultsPerPage"
          value={resultsPerPage}
          options={PAGE_SIZE_OPTIONS}
          onChange={(event) => props.onPageSize(Number(event.target.value))}
          className={styles.sizeSelect}
        />
      </div>
    </form>
  );
}

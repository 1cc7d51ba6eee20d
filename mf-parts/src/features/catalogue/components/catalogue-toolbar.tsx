import { CloseCircleFilled, SearchOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { PART_PAGE_SIZES, type Direction, type PartSort } from '@battledeck/shared/contract';
import { Button, Input, Select } from 'antd';
import { CATALOGUE_TEXTS } from '../catalogue-texts';
import styles from './browse-page.module.css';

const SORT_OPTIONS: { value: PartSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'battlestation_count', label: CATALOGUE_TEXTS.mostPopular },
];

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

/** Search (Enter or the button), sort, direction toggle and page size of the catalogue. */
export function CatalogueToolbar(props: CatalogueToolbarProps) {
  const { searchTerm, sortBy, direction, resultsPerPage } = props;
  const other: Direction = direction === 'asc' ? 'desc' : 'asc';
  return (
    <div className={styles.toolbar}>
      <form role="search" className={styles.search} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="parts-search" className="visually-hidden">
          Search parts
        </label>
        {/* Remounted when the URL's term changes (a category resets it), so the box always shows the applied search. */}
        <Input.Search
          key={searchTerm ?? ''}
          id="parts-search"
          defaultValue={searchTerm}
          placeholder="Search by name or manufacturer"
          allowClear={{ clearIcon: <CloseCircleFilled aria-label="Clear search" /> }}
          maxLength={200}
          enterButton={<Button icon={<SearchOutlined aria-hidden />} aria-label="Search" />}
          onSearch={(value) => props.onSearch(value.trim() || undefined)}
        />
      </form>
      <div className={styles.control}>
        <label htmlFor="parts-sort" className={styles.controlLabel}>
          Sort By
        </label>
        <Select id="parts-sort" value={sortBy} options={SORT_OPTIONS} onChange={props.onSort} className={styles.sortSelect} />
        <Button
          icon={direction === 'asc' ? <SortAscendingOutlined aria-hidden /> : <SortDescendingOutlined aria-hidden />}
          aria-label={`Direction: ${DIRECTION_WORDS[direction]}`}
          title={`Switch to ${DIRECTION_WORDS[other].toLowerCase()}`}
          onClick={() => props.onDirection(other)}
        >
          {DIRECTION_WORDS[direction]}
        </Button>
      </div>
      <div className={styles.control}>
        <label htmlFor="parts-page-size" className={styles.controlLabel}>
          Per Page
        </label>
        <Select
          id="parts-page-size"
          value={resultsPerPage}
          options={PART_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
          onChange={props.onPageSize}
          className={styles.sizeSelect}
        />
      </div>
    </div>
  );
}

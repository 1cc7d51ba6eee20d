import { BATTLESTATION_PAGE_SIZES, naturalDirection, type battlestationsQuery, type BattlestationSort } from '@battledeck/shared/contract';
import { CloseCircleFilled, SearchOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import styles from './browse-page.module.css';

type ListState = z.output<typeof battlestationsQuery>;

const SORT_OPTIONS: { value: BattlestationSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'favorites', label: 'Favorites' },
  { value: 'created_date', label: 'Date Uploaded' },
];
const PAGE_SIZE_OPTIONS = BATTLESTATION_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }));

interface BrowseControlsProps {
  state: ListState;
  onChange: (changes: Partial<ListState>) => void;
}

/** The search box: applied on Enter or the search button, not while typing. */
function SearchBox({ initial, onSearch }: { initial: string; onSearch: (term: string | undefined) => void }) {
  const [text, setText] = useState(initial);
  return (
    <form
      role="search"
      aria-label="Battlestations"
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim() || undefined);
      }}
    >
      <label htmlFor="browse-search" className="visually-hidden">
        Search battlestations
      </label>
      <Space.Compact block>
        <Input
          id="browse-search"
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            // The clear icon empties the box: show everything again at once.
            if (event.type === 'click' && initial) onSearch(undefined);
          }}
          placeholder="Search by name, part or user"
          // Named for what it does (antd's icon alone reads 'close-circle').
          allowClear={{ clearIcon: <CloseCircleFilled aria-label="Clear search" /> }}
          maxLength={200}
          enterKeyHint="search"
        />
        <Button htmlType="submit" type="primary" icon={<SearchOutlined aria-hidden />} aria-label="Search" />
      </Space.Compact>
    </form>
  );
}

/** Search, Sort By, direction toggle and Per Page (SPEC "Public browse"). */
export function BrowseControls({ state, onChange }: BrowseControlsProps) {
  const ascending = state.direction === 'asc';
  const directionLabel = ascending ? 'Ascending' : 'Descending';
  return (
    <div className={styles.controls}>
      {/* Remounted when the URL's search changes (back/forward), so the box always shows it. */}
      <SearchBox key={state.searchTerm ?? ''} initial={state.searchTerm ?? ''} onSearch={(searchTerm) => onChange({ searchTerm })} />
      <div className={styles.options}>
        <div className={styles.field}>
          <label htmlFor="browse-sort">Sort By</label>
          <Select<BattlestationSort>
            id="browse-sort"
            value={state.sortBy}
            options={SORT_OPTIONS}
            onChange={(sortBy) => onChange({ sortBy, direction: naturalDirection(sortBy, state.direction) })}
            className={styles.sortSelect}
          />
        </div>
        <Button
          onClick={() => onChange({ direction: ascending ? 'desc' : 'asc' })}
          icon={ascending ? <SortAscendingOutlined aria-hidden /> : <SortDescendingOutlined aria-hidden />}
          aria-label={`Sort direction: ${directionLabel}`}
          title="Change the sort direction"
        >
          <span className={styles.directionText}>{directionLabel}</span>
        </Button>
        <div className={styles.field}>
          <label htmlFor="browse-page-size">Per Page</label>
          <Select<number>
            id="browse-page-size"
            value={state.resultsPerPage}
            options={PAGE_SIZE_OPTIONS}
            onChange={(resultsPerPage) => onChange({ resultsPerPage })}
            className={styles.sizeSelect}
          />
        </div>
      </div>
    </div>
  );
}

import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { useEffect, useId, useState, type FormEvent } from 'react';
import styles from './list-toolbar.module.css';

export interface ListToolbarProps {
  /** The search applied now (from the URL). */
  searchTerm: string | undefined;
  /** A non-empty term to search for, or undefined to clear the search. */
  onSearch: (term: string | undefined) => void;
  searchLabel: string;
  pageSize: number;
  pageSizes: readonly number[];
  onPageSize: (size: number) => void;
}

/**
 * The admin lists' search (applied on Enter or the button, only when non-empty; SPEC §5) with a Clear
 * button while a search is applied, and the results-per-page select.
 */
export function ListToolbar({ searchTerm, onSearch, searchLabel, pageSize, pageSizes, onPageSize }: ListToolbarProps) {
  const [text, setText] = useState(searchTerm ?? '');
  const inputId = useId();
  const sizeId = useId();
  useEffect(() => setText(searchTerm ?? ''), [searchTerm]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const term = text.trim();
    if (term) onSearch(term);
  };

  return (
    <div className={styles.toolbar}>
      <form role="search" className={styles.search} onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {searchLabel}
        </label>
        <Input id={inputId} value={text} onChange={(e) => setText(e.target.value)} placeholder={searchLabel} maxLength={200} className={styles.input} />
        <Button htmlType="submit" icon={<SearchOutlined aria-hidden />} aria-label="Search" className={styles.button} />
        {searchTerm && (
          <Button
            onClick={() => {
              setText('');
              onSearch(undefined);
            }}
          >
            Clear search
          </Button>
        )}
      </form>
      <div className={styles.size}>
        <label htmlFor={sizeId}>Per page</label>
        <Select
          id={sizeId}
          value={pageSize}
          onChange={onPageSize}
          options={pageSizes.map((n) => ({ value: n, label: String(n) }))}
          className={styles.sizeSelect}
          popupMatchSelectWidth={false}
        />
      </div>
    </div>
  );
}

import type { BattlestationCard } from '@battledeck/shared/contract';
import { clampPage, Pagination, totalPages } from '@battledeck/shared/ui';
import { Button, Table, type TableColumnsType } from 'antd';
import { useState, type RefObject } from 'react';
import { hiddenTitle } from '../../../components/station-columns';
import styles from './favorites-table.module.css';

/** Rows per page, as in the other profile tables. */
export const FAVORITES_PAGE_SIZE = 10;

interface FavoritesTableProps {
  stations: BattlestationCard[];
  columns: TableColumnsType<BattlestationCard>;
  onRemove: (station: BattlestationCard) => void;
  /** Where keyboard and screen reader users continue after a page change (the page's heading). */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** The favorites with a per-row 'Remove from favorites' and the browse page's pager (same windowing). */
export function FavoritesTable({ stations, columns, onRemove, headingRef }: FavoritesTableProps) {
  const [page, setPage] = useState(1);
  const pages = totalPages(stations.length, FAVORITES_PAGE_SIZE);
  // Removing the last row of the last page shows the page before it.
  const current = clampPage(page, pages);
  const rows = stations.slice((current - 1) * FAVORITES_PAGE_SIZE, current * FAVORITES_PAGE_SIZE);

  const changePage = (next: number) => {
    setPage(next);
    headingRef.current?.focus();
  };

  const withActions: TableColumnsType<BattlestationCard> = [
    ...columns,
    {
      key: 'actions',
      title: hiddenTitle('Actions'),
      align: 'right',
      render: (_value, station) => (
        // The name starts with the visible text (WCAG 2.5.3) and tells the rows apart.
        <Button size="small" className={styles.remove} aria-label={`Remove from favorites: ${station.name}`} onClick={() => onRemove(station)}>
          Remove from favorites
        </Button>
      ),
    },
  ];

  return (
    <>
      <Table<BattlestationCard> rowKey="battlestation_id" columns={withActions} dataSource={rows} pagination={false} size="middle" />
      <Pagination page={current} pages={pages} onChange={changePage} label="Favorites pages" />
    </>
  );
}

import { DeleteOutlined } from '@ant-design/icons';
import type { Store } from '@battledeck/shared/contract';
import { Button, Table, type TableColumnsType } from 'antd';
import { ACTIONS_COLUMN, ACTIONS_TABLE_PROPS } from '../../../components/row-actions';
import { SortTitle, sortHeaderCell, type SortState } from '../../../components/sort-title';
import table from '../../../components/admin-table.module.css';
import { ADMIN_TEXT } from '../../../lib/messages';

/** A URL as people read it: without the scheme and a lone trailing slash (the link keeps the full address). */
export const displayUrl = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');

export type StoreSort = 'name' | 'url' | 'part_count';

export interface StoresTableProps {
  stores: Store[];
  loading: boolean;
  sort: SortState<StoreSort>;
  onSort: (sort: SortState<StoreSort>) => void;
  onEdit: (store: Store) => void;
  onDelete: (store: Store) => void;
}

/** Stores with sortable Name, URL and Parts; a row (or its name button) opens the edit modal. */
export function StoresTable({ stores, loading, sort, onSort, onEdit, onDelete }: StoresTableProps) {
  const columns: TableColumnsType<Store> = [
    {
      key: 'name',
      title: <SortTitle label="Name" column="name" state={sort} onSort={onSort} />,
      onHeaderCell: sortHeaderCell('name', sort),
      render: (_, store) => (
        <button
          type="button"
          className={table.nameButton}
          onClick={(event) => {
            event.stopPropagation();
            onEdit(store);
          }}
          aria-label={`Edit ${store.name}`}
        >
          {store.name}
        </button>
      ),
    },
    {
      key: 'url',
      title: <SortTitle label="URL" column="url" state={sort} onSort={onSort} />,
      onHeaderCell: sortHeaderCell('url', sort),
      render: (_, store) => (
        <a href={store.url} target="_blank" rel="noopener noreferrer" className={table.wrapAnywhere} onClick={(event) => event.stopPropagation()}>
          {displayUrl(store.url)}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ),
    },
    {
      key: 'part_count',
      title: <SortTitle label="Parts" column="part_count" state={sort} onSort={onSort} />,
      onHeaderCell: sortHeaderCell('part_count', sort),
      dataIndex: 'part_count',
      align: 'right',
      width: 110,
      className: table.numeric,
    },
    {
      ...ACTIONS_COLUMN,
      width: 56,
      render: (_, store) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={`Delete ${store.name}`}
          onClick={(event) => {
            event.stopPropagation();
            onDelete(store);
          }}
        />
      ),
    },
  ];
  return (
    <Table<Store>
      rowKey="store_id"
      columns={columns}
      dataSource={stores}
      loading={loading}
      pagination={false}
      size="middle"
      {...ACTIONS_TABLE_PROPS}
      locale={{ emptyText: <p className={table.message}>{ADMIN_TEXT.noStores}</p> }}
      rowClassName={() => table.clickableRow}
      onRow={(store) => ({ onClick: () => onEdit(store) })}
    />
  );
}

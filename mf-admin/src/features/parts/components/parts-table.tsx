import { DeleteOutlined } from '@ant-design/icons';
import type { PartDetail, PartSort } from '@battledeck/shared/contract';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import { ACTIONS_COLUMN, ACTIONS_TABLE_PROPS } from '../../../components/row-actions';
import { SortTitle, sortHeaderCell, type SortState } from '../../../components/sort-title';
import { ADMIN_TEXT } from '../../../lib/messages';
import table from '../../../components/admin-table.module.css';

export interface PartsTableProps {
  parts: PartDetail[];
  loading: boolean;
  sort: SortState<PartSort>;
  onSort: (sort: SortState<PartSort>) => void;
  onEdit: (part: PartDetail) => void;
  onDelete: (part: PartDetail) => void;
  /** Merging parts is for admins (decision 021): without it there is no Merge button. */
  onMerge?: (part: PartDetail) => void;
}

/** The admin parts table: sortable Name and Battlestations, store badges, click (or the name button) to edit. */
export function PartsTable({ parts, loading, sort, onSort, onEdit, onDelete, onMerge }: PartsTableProps) {
  const columns: TableColumnsType<PartDetail> = [
    {
      key: 'name',
      title: <SortTitle label="Name" column="name" state={sort} onSort={onSort} />,
      onHeaderCell: sortHeaderCell('name', sort),
      render: (_, part) => (
        <>
          <button
            type="button"
            className={table.nameButton}
            onClick={(event) => {
              event.stopPropagation();
              onEdit(part);
            }}
            aria-label={`Edit ${part.name}`}
          >
            {part.name}
          </button>
          <span className={table.muted}>
            {part.manufacturer} · {part.type_name}
          </span>
          {part.stores.length > 0 && (
            <span className={table.badges} aria-label="Stores">
              {part.stores.map((s) => (
                <Tag key={s.store_id} className={table.badge}>
                  {s.store_name}
                </Tag>
              ))}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'battlestation_count',
      title: <SortTitle label="Battlestations" column="battlestation_count" state={sort} onSort={onSort} />,
      onHeaderCell: sortHeaderCell('battlestation_count', sort),
      dataIndex: 'battlestation_count',
      align: 'right',
      className: `${table.numeric} ${table.nowrap}`,
    },
    {
      ...ACTIONS_COLUMN,
      width: onMerge ? 112 : 56,
      render: (_, part) => (
        <span className={table.rowActions}>
          {onMerge && (
            <Button
              type="text"
              size="small"
              aria-label={`Merge ${part.name} into another part`}
              title="Merge into another part"
              onClick={(event) => {
                event.stopPropagation();
                onMerge(part);
              }}
            >
              Merge
            </Button>
          )}
          <Button
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`Delete ${part.name}`}
            onClick={(event) => {
              event.stopPropagation();
              onDelete(part);
            }}
          />
        </span>
      ),
    },
  ];
  return (
    <Table<PartDetail>
      rowKey="part_id"
      columns={columns}
      dataSource={parts}
      loading={loading}
      pagination={false}
      size="middle"
      {...ACTIONS_TABLE_PROPS}
      locale={{ emptyText: <p className={table.message}>{ADMIN_TEXT.noParts}</p> }}
      rowClassName={() => table.clickableRow}
      onRow={(part) => ({ onClick: () => onEdit(part) })}
    />
  );
}

import { EllipsisOutlined, GlobalOutlined, LockOutlined } from '@ant-design/icons';
import { useDeleteBattlestation } from '@battledeck/shared/api';
import { adminBattlestationsQuery, ADMIN_PAGE_SIZES, type BattlestationCard, type BattlestationSort } from '@battledeck/shared/contract';
import { absoluteDate, countLabel, userPath } from '@battledeck/shared/format';
import { Pagination, StationImage, totalPages, useLastPageBeyondEnd, useListState, usePageTitle } from '@battledeck/shared/ui';
import { DeleteConfirmModal } from '@battledeck/shared/widgets';
import { Button, Dropdown, Table, type Breakpoint, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ListToolbar } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { ACTIONS_COLUMN, ACTIONS_TABLE_PROPS } from '../../../components/row-actions';
import { SortTitle, sortHeaderCell, type SortState } from '../../../components/sort-title';
import table from '../../../components/admin-table.module.css';
import { useDialogTarget } from '../../../hooks/use-dialog-target';
import { ADMIN_TEXT } from '../../../lib/messages';
import { useAdminBattlestations } from '../api/get-admin-battlestations';
import styles from './battlestations-page.module.css';

const LIST_DEFAULTS = { pageNumber: 1, resultsPerPage: 10, sortBy: 'created_date', direction: 'desc', searchTerm: undefined } as const;

/** The Images and Parts columns' figures, in the station's cell on a phone where those columns give way. */
const countsText = (station: Pick<BattlestationCard, 'image_count' | 'part_count'>) =>
  `${countLabel(station.image_count, 'image')} · ${countLabel(station.part_count, 'part')}`;

function columnsFor(sort: SortState<BattlestationSort>, onSort: (s: SortState<BattlestationSort>) => void, onDelete: (s: BattlestationCard) => void): TableColumnsType<BattlestationCard> {
  // Images and Parts give way on phones (their counts join the station's cell); favorites and the actions stay.
  const count = (key: 'image_count' | 'part_count' | 'favorites', title: ReactNode, responsive?: Breakpoint[]) => ({
    key,
    dataIndex: key,
    title,
    align: 'right' as const,
    width: 100,
    className: table.numeric,
    responsive,
  });
  return [
    {
      key: 'visibility',
      title: <span className="visually-hidden">Visibility</span>,
      width: 32,
      align: 'center',
      render: (_, station) =>
        station.is_public ? (
          <GlobalOutlined aria-label="Public" role="img" title="Public" />
        ) : (
          <LockOutlined aria-label="Private" role="img" title="Private" className={styles.private} />
        ),
    },
    {
      key: 'name',
      title: <SortTitle label="Battlestation" column="name" state={sort} onSort={onSort} />,
      onHeaderCell: sortHeaderCell('name', sort),
      render: (_, station) => (
        <div className={styles.station}>
          <StationImage
            name={station.thumbnail}
            isPrivate={station.is_public === 0}
            thumb
            alt=""
            width={64}
            height={48}
            className={styles.thumb}
            placeholderText=""
          />
          <div className={styles.stationText}>
            <Link to={`/battlestations/${station.battlestation_id}`}>{station.name}</Link>
            <span className={table.muted}>
              by <Link to={userPath(station.username)}>{station.username}</Link> · <time dateTime={station.created_date}>{absoluteDate(station.created_date)}</time>
            </span>
            <span className={`${table.muted} ${table.phoneOnly}`}>{countsText(station)}</span>
          </div>
        </div>
      ),
    },
    count('image_count', 'Images', ['sm']),
    count('part_count', 'Parts', ['sm']),
    {
      ...count('favorites', <SortTitle label="Favorites" column="favorites" state={sort} onSort={onSort} />),
      onHeaderCell: sortHeaderCell('favorites', sort),
      width: 130,
    },
    {
      ...ACTIONS_COLUMN,
      width: 104,
      render: (_, station) => (
        <div className={table.rowActions}>
          <Link to={`/battlestations/${station.battlestation_id}/edit`} aria-label={`Edit ${station.name}`} className={table.cellLink}>
            Edit
          </Link>
          <Dropdown
            trigger={['click']}
            menu={{ items: [{ key: 'delete', label: 'Delete Battlestation', danger: true, onClick: () => onDelete(station) }] }}
          >
            <Button type="text" icon={<EllipsisOutlined aria-hidden />} aria-label={`More actions for ${station.name}`} />
          </Dropdown>
        </div>
      ),
    },
  ];
}

/** /admin/battlestations (SPEC "Battlestations admin"): every station, private ones included. */
export default function BattlestationsPage() {
  usePageTitle('Battlestation Admin');
  const [state, update] = useListState(adminBattlestationsQuery, LIST_DEFAULTS);
  const stations = useAdminBattlestations(state);
  const deleting = useDialogTarget<BattlestationCard>();
  const remove = useDeleteBattlestation();
  useLastPageBeyondEnd(state, stations.data?.total, update);
  const sort = { sortBy: state.sortBy, direction: state.direction };

  const body = () => {
    if (stations.isPending) return <p className={table.message}>{ADMIN_TEXT.stationsLoading}</p>;
    if (stations.isError)
      return (
        <p role="alert" className={table.error}>
          {ADMIN_TEXT.stationsFailed}
        </p>
      );
    if (stations.data.total === 0 && !state.searchTerm)
      return (
        <p className={table.message}>
          {ADMIN_TEXT.stationsEmpty} <Link to="/battlestations/new">{ADMIN_TEXT.stationsEmptyLink}</Link>
        </p>
      );
    return (
      <>
        <Table<BattlestationCard>
          rowKey="battlestation_id"
          columns={columnsFor(sort, (s) => update(s), deleting.show)}
          dataSource={stations.data.battlestations}
          loading={stations.isFetching}
          pagination={false}
          size="middle"
          {...ACTIONS_TABLE_PROPS}
          locale={{ emptyText: <p className={table.message}>Sorry, no battlestations found that match your search.</p> }}
        />
        <div className={table.pager}>
          <Pagination
            page={state.pageNumber}
            pages={totalPages(stations.data.total, state.resultsPerPage)}
            onChange={(pageNumber) => update({ pageNumber })}
            label="Battlestation pages"
          />
        </div>
      </>
    );
  };

  return (
    <section aria-labelledby="stations-heading">
      <PageHeader id="stations-heading" title="Battlestation Admin" />
      <ListToolbar
        searchLabel="Search battlestations"
        searchTerm={state.searchTerm}
        onSearch={(searchTerm) => update({ searchTerm })}
        pageSize={state.resultsPerPage}
        pageSizes={ADMIN_PAGE_SIZES}
        onPageSize={(resultsPerPage) => update({ resultsPerPage })}
      />
      {body()}
      <DeleteConfirmModal
        open={deleting.open}
        name={deleting.target?.name ?? ''}
        title="Delete Battlestation"
        onConfirm={() => remove.mutateAsync(deleting.target!.battlestation_id)}
        onClose={deleting.close}
      />
    </section>
  );
}

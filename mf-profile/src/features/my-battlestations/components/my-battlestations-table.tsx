import { useDeleteBattlestation } from '@battledeck/shared/api';
import type { BattlestationCard } from '@battledeck/shared/contract';
import { CopyPartListDialog, DeleteConfirmModal } from '@battledeck/shared/widgets';
import { Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { countColumn, hiddenTitle, nameColumn, TABLE_PAGINATION, thumbnailColumn } from '../../../components/station-columns';
import { StationActions, type StationAction } from './station-actions';
import { VisibilityIcon } from './visibility-icon';

/** Which dialog is open, and for which station (kept while the dialog fades out). */
interface DialogState {
  action: StationAction | null;
  station: BattlestationCard | null;
}

/** The signed-in user's stations with their counts, Edit link and row menu (SPEC "My Battlestations"). */
export function MyBattlestationsTable({ stations }: { stations: BattlestationCard[] }) {
  const [dialog, setDialog] = useState<DialogState>({ action: null, station: null });
  const remove = useDeleteBattlestation();
  const close = () => setDialog((d) => ({ ...d, action: null }));
  const target = dialog.station;

  const columns: TableColumnsType<BattlestationCard> = [
    {
      key: 'visibility',
      title: hiddenTitle('Visibility'),
      render: (_value, station) => <VisibilityIcon isPublic={station.is_public} />,
    },
    thumbnailColumn(),
    nameColumn({ showFavorites: true }),
    countColumn('image_count', 'Images'),
    countColumn('part_count', 'Parts'),
    countColumn('favorites', 'Favorites'),
    {
      key: 'actions',
      title: hiddenTitle('Actions'),
      align: 'right',
      render: (_value, station) => <StationActions station={station} onAction={(action, s) => setDialog({ action, station: s })} />,
    },
  ];

  return (
    <>
      <Table<BattlestationCard>
        rowKey="battlestation_id"
        columns={columns}
        dataSource={stations}
        pagination={TABLE_PAGINATION}
        size="middle"
      />
      <CopyPartListDialog
        open={dialog.action === 'copy'}
        battlestationId={target?.battlestation_id ?? 0}
        battlestationName={target?.name ?? ''}
        onClose={close}
      />
      <DeleteConfirmModal
        open={dialog.action === 'delete'}
        title="Delete Battlestation"
        name={target?.name ?? ''}
        onConfirm={() => (target ? remove.mutateAsync(target.battlestation_id) : Promise.resolve())}
        onClose={close}
      />
    </>
  );
}

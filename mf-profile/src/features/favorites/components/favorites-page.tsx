import type { BattlestationCard } from '@battledeck/shared/contract';
import { usePageTitle } from '@battledeck/shared/ui';
import { Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { ListError, ListLoading } from '../../../components/list-status';
import { countColumn, creatorColumn, nameColumn, TABLE_PAGINATION, thumbnailColumn } from '../../../components/station-columns';
import styles from '../../../components/station-table.module.css';
import { PROFILE_MESSAGES } from '../../../lib/messages';
import { useFavorites } from '../api/get-favorites';

const COLUMNS: TableColumnsType<BattlestationCard> = [
  thumbnailColumn(),
  nameColumn({ showCreator: true }),
  creatorColumn(),
  countColumn('image_count', 'Images'),
  countColumn('part_count', 'Parts'),
];

/** /profile/favorites (SPEC "Profile area": Favorites). */
export default function FavoritesPage() {
  usePageTitle('Favorites');
  const favorites = useFavorites();
  return (
    <>
      <h1 className={styles.heading}>Favorites</h1>
      {favorites.isPending && <ListLoading />}
      {favorites.isError && <ListError onRetry={() => void favorites.refetch()} />}
      {favorites.data?.length === 0 && (
        <p className={styles.empty}>
          {PROFILE_MESSAGES.noFavorites} <Link to="/battlestations">{PROFILE_MESSAGES.browse}</Link>
        </p>
      )}
      {favorites.data && favorites.data.length > 0 && (
        <Table<BattlestationCard> rowKey="battlestation_id" columns={COLUMNS} dataSource={favorites.data} pagination={TABLE_PAGINATION} size="middle" />
      )}
    </>
  );
}

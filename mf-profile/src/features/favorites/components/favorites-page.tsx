import { FAVORITE_MESSAGES, type BattlestationCard } from '@battledeck/shared/contract';
import { usePageTitle } from '@battledeck/shared/ui';
import type { TableColumnsType } from 'antd';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { ListError, ListLoading } from '../../../components/list-status';
import { countColumn, creatorColumn, nameColumn, thumbnailColumn } from '../../../components/station-columns';
import styles from '../../../components/station-table.module.css';
import { PROFILE_MESSAGES } from '../../../lib/messages';
import { useFavorites } from '../api/get-favorites';
import { useRemoveFromFavorites } from '../hooks/use-remove-from-favorites';
import { FavoritesTable } from './favorites-table';
import pageStyles from './favorites-page.module.css';

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
  const { remove, failed } = useRemoveFromFavorites(favorites.data);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <h1 className={styles.heading} ref={heading} tabIndex={-1}>
        Favorites
      </h1>
      <p className={pageStyles.failed} role="alert">
        {failed ? FAVORITE_MESSAGES.failed : ''}
      </p>
      {favorites.isPending && <ListLoading />}
      {favorites.isError && <ListError onRetry={() => void favorites.refetch()} />}
      {favorites.data?.length === 0 && (
        <p className={styles.empty}>
          {PROFILE_MESSAGES.noFavorites} <Link to="/battlestations">{PROFILE_MESSAGES.browse}</Link>
        </p>
      )}
      {favorites.data && favorites.data.length > 0 && (
        <FavoritesTable stations={favorites.data} columns={COLUMNS} onRemove={remove} headingRef={heading} />
      )}
    </>
  );
}

import { usePageTitle } from '@battledeck/shared/ui';
import { Link } from 'react-router-dom';
import { ListError, ListLoading } from '../../../components/list-status';
import styles from '../../../components/station-table.module.css';
import { PROFILE_MESSAGES } from '../../../lib/messages';
import { useMyBattlestations } from '../api/get-my-battlestations';
import { MyBattlestationsTable } from './my-battlestations-table';

/** /profile/battlestations (SPEC "Profile area": My Battlestations). */
export default function MyBattlestationsPage() {
  usePageTitle('My Battlestations');
  const stations = useMyBattlestations();
  return (
    <>
      <h1 className={styles.heading}>My Battlestations</h1>
      {stations.isPending && <ListLoading />}
      {stations.isError && <ListError onRetry={() => void stations.refetch()} />}
      {stations.data?.length === 0 && (
        <p className={styles.empty}>
          {PROFILE_MESSAGES.noStations} <Link to="/battlestations/new">{PROFILE_MESSAGES.getStarted}</Link>.
        </p>
      )}
      {stations.data && stations.data.length > 0 && <MyBattlestationsTable stations={stations.data} />}
    </>
  );
}

import { usePageTitle } from '@battledeck/shared/ui';
import { Alert, Skeleton } from 'antd';
import { PageHeader } from '../../../components/page-header';
import { ADMIN_TEXT } from '../../../lib/messages';
import { useAdminStats } from '../api/get-admin-stats';
import { StatCards } from './stat-cards';
import styles from './stat-cards.module.css';
import { UpdatedAgo } from './updated-ago';
import { UploadsChart } from './uploads-chart';

/** Admin home: the live figures, refreshed every 15 s while visible, and uploads per day (decision 18). */
export default function HomePage() {
  usePageTitle('Admin');
  const stats = useAdminStats();
  return (
    <section aria-labelledby="admin-home-heading">
      <PageHeader id="admin-home-heading" title="Admin" />
      {stats.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {stats.isError && <Alert type="error" showIcon title={ADMIN_TEXT.statsFailed} role="alert" />}
      {stats.data && (
        <>
          <UpdatedAgo at={stats.dataUpdatedAt} refreshing={stats.isFetching} className={styles.updated} />
          <StatCards stats={stats.data} />
          <UploadsChart days={stats.data.uploads_per_day} />
        </>
      )}
    </section>
  );
}

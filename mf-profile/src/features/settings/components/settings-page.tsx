import { usePageTitle, Spinner } from '@battledeck/shared/ui';
import { Alert } from 'antd';
import { PROFILE_MESSAGES } from '../../../lib/messages';
import { useProfile } from '../api/get-profile';
import { DeleteAccountSection } from './delete-account-section';
import { SettingsForm } from './settings-form';
import styles from './settings-page.module.css';

/** /profile and /profile/settings: account settings (SPEC "Profile area": Settings). */
export default function SettingsPage() {
  usePageTitle('Account Settings');
  const profile = useProfile();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Account Settings</h1>
      {profile.isPending && <Spinner label="Loading your profile" />}
      {profile.isError && <Alert type="error" showIcon title={PROFILE_MESSAGES.profileLoadFailed} />}
      {profile.data && <SettingsForm key={profile.data.user_id} profile={profile.data} />}
      <DeleteAccountSection />
    </div>
  );
}

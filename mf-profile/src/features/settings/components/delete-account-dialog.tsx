import { ApiError } from '@battledeck/shared/api';
import { isRecentSignInRequired, useRecentSignIn } from '@battledeck/shared/widgets';
import { useSession } from '@battledeck/shared/session';
import { Alert, Button, Modal, Spin } from 'antd';
import { PROFILE_MESSAGES } from '../../../lib/messages';
import { useDeleteAccount } from '../api/delete-account';
import { useLeaveSignedOut } from '../hooks/use-leave-signed-out';

export interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Confirms the account deletion; on success signs out and goes to / (SPEC §4). */
export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const uid = useSession((s) => s.user?.uid) ?? '';
  const { withRecentSignIn, dialog: recentSignInDialog } = useRecentSignIn();
  const remove = useDeleteAccount(uid, withRecentSignIn);
  const leaveSignedOut = useLeaveSignedOut();
  const busy = remove.isPending || remove.isSuccess;

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => leaveSignedOut('/'),
      onError: (error) => console.warn('Deleting the account failed:', error),
    });
  const close = () => {
    if (busy) return;
    remove.reset();
    onClose();
  };
  // A refusal the user can act on (the last administrator) is worth its own words; anything else is generic.
  const details =
    (remove.error instanceof ApiError && remove.error.status === 409) || isRecentSignInRequired(remove.error) ? remove.error?.message : undefined;

  return (
    <Modal
      open={open}
      title="Delete Account"
      onCancel={close}
      closable={!busy}
      mask={{ closable: !busy }}
      destroyOnHidden
      footer={
        busy
          ? null
          : [
              <Button key="cancel" onClick={close}>
                Cancel
              </Button>,
              <Button key="delete" danger type="primary" onClick={confirm}>
                Delete Account
              </Button>,
            ]
      }
    >
      {busy ? (
        <div role="status" style={{ textAlign: 'center', padding: 24 }}>
          <Spin /> <span className="visually-hidden">Deleting your account</span>
        </div>
      ) : (
        <>
          <p>
            Are you sure you want to delete your account? Your battlestations, their photos and your favorites will be deleted too. This
            cannot be undone.
          </p>
          {remove.isError && <Alert type="error" showIcon title={PROFILE_MESSAGES.deleteAccountFailed} description={details} />}
        </>
      )}
      {recentSignInDialog}
    </Modal>
  );
}

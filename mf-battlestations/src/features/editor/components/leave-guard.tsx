import { Button, Modal } from 'antd';
import { useBeforeUnloadGuard } from '../hooks/use-leave-guard';
import { useNavigationBlocker } from '../hooks/use-navigation-blocker';

export const LEAVE_MESSAGES = {
  title: 'Leave this page?',
  body: 'You have unsaved changes. If you leave now, they will be lost.',
  stay: 'Stay on this page',
  leave: 'Leave',
} as const;

/**
 * The leave-page guard of the create and edit forms: the browser's prompt on reload/close, and our own
 * dialog for navigations inside the site (link, navigate(), back/forward).
 */
export function LeaveGuard({ shouldBlock }: { shouldBlock: () => boolean }) {
  useBeforeUnloadGuard(shouldBlock);
  const { blocked, proceed, stay } = useNavigationBlocker(shouldBlock);
  return (
    <Modal
      open={blocked}
      title={LEAVE_MESSAGES.title}
      onCancel={stay}
      footer={[
        <Button key="stay" type="primary" onClick={stay}>
          {LEAVE_MESSAGES.stay}
        </Button>,
        <Button key="leave" danger onClick={proceed}>
          {LEAVE_MESSAGES.leave}
        </Button>,
      ]}
    >
      <p>{LEAVE_MESSAGES.body}</p>
    </Modal>
  );
}

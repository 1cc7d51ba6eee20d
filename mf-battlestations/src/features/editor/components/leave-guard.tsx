import { Button, Modal } from 'antd';
import { useContext } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { useBeforeUnloadGuard } from '../hooks/use-leave-guard';

export const LEAVE_MESSAGES = {
  title: 'Leave this page?',
  body: 'You have unsaved changes. If you leave now, they will be lost.',
  stay: 'Stay on this page',
  leave: 'Leave',
} as const;

/** Asks before an in-site navigation (link, back/forward) leaves unsaved changes behind. */
function NavigationPrompt({ shouldBlock }: { shouldBlock: () => boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && shouldBlock());
  const blocked = blocker.state === 'blocked';
  return (
    <Modal
      open={blocked}
      title={LEAVE_MESSAGES.title}
      onCancel={() => blocker.reset?.()}
      footer={[
        <Button key="stay" type="primary" onClick={() => blocker.reset?.()}>
          {LEAVE_MESSAGES.stay}
        </Button>,
        <Button key="leave" danger onClick={() => blocker.proceed?.()}>
          {LEAVE_MESSAGES.leave}
        </Button>,
      ]}
    >
      <p>{LEAVE_MESSAGES.body}</p>
    </Modal>
  );
}

/**
 * The leave-page guard of the create and edit forms: the browser's prompt on reload/close, and our own
 * dialog for navigations inside the site. The latter needs a data router (the shell's); mounted under a
 * plain router (a remote's standalone dev page) only the browser prompt remains.
 */
export function LeaveGuard({ shouldBlock }: { shouldBlock: () => boolean }) {
  useBeforeUnloadGuard(shouldBlock);
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <NavigationPrompt shouldBlock={shouldBlock} /> : null;
}

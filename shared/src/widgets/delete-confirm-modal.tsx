import { Button, Modal, Result, Spin } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '@battledeck/shared/api';
import { rememberOpener, restoreFocusAfterDelete, type OpenerPlace } from './focus-after-delete';

export const DELETE_MESSAGES = {
  deleted: 'Deleted!',
  hasBeenDeleted: (name: string) => `${name} has been deleted.`,
  failed: (name: string) => `Unable to delete ${name}. Please try again later.`,
} as const;

type DeleteState = { status: 'idle' } | { status: 'loading' } | { status: 'success' } | { status: 'error'; reason?: string };

export interface DeleteConfirmModalProps {
  open: boolean;
  /** What is being deleted, as the messages name it. */
  name: string;
  /** Deletes; a rejection shows the error state (details only logged, SPEC §8, unless the server refused with a reason). */
  onConfirm: () => Promise<unknown>;
  /** Closing after a success also tells the caller it is done (e.g. to navigate away). */
  onClose: (deleted: boolean) => void;
  title?: string;
}

/**
 * Why the server refused, when it said so for people (a 4xx other than 401, e.g. 'This part is used by 3
 * battlestations and cannot be deleted.'); token and server failures keep only the spec's message.
 */
function refusalReason(error: unknown): string | undefined {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 ? error.message : undefined;
}

/**
 * The one delete confirmation of the site: idle, loading, 'Deleted!' with Close, or the error (SPEC "Admin
 * area"). Cancel has the focus first (deleting is never the default); the outcome is announced and its Close
 * button takes the focus. After a delete that removed the opener's row, the same control of the next row
 * gets the focus back.
 */
export function DeleteConfirmModal({ open, name, onConfirm, onClose, title = 'Delete' }: DeleteConfirmModalProps) {
  const [state, setState] = useState<DeleteState>({ status: 'idle' });
  const cancelRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<OpenerPlace | null>(null);
  useEffect(() => {
    if (open) setState({ status: 'idle' });
  }, [open]);
  // Before the dialog takes the focus: where to give it back if the delete takes the opener away.
  useLayoutEffect(() => {
    if (open) opener.current = rememberOpener();
  }, [open]);
  // The outcome's Close button takes the focus the vanished Delete button had.
  useEffect(() => {
    if (state.status === 'success' || state.status === 'error') closeRef.current?.focus();
  }, [state.status]);

  const confirm = async () => {
    setState({ status: 'loading' });
    try {
      await onConfirm();
      setState({ status: 'success' });
    } catch (error) {
      console.warn(`Deleting ${name} failed:`, error);
      setState({ status: 'error', reason: refusalReason(error) });
    }
  };
  const close = () => {
    if (state.status !== 'loading') onClose(state.status === 'success');
  };

  const footer =
    state.status === 'idle'
      ? [
          <Button key="cancel" onClick={close} ref={cancelRef}>
            Cancel
          </Button>,
          <Button key="delete" danger type="primary" onClick={confirm}>
            Delete
          </Button>,
        ]
      : state.status === 'loading'
        ? null
        : [
            <Button key="close" type="primary" onClick={close} ref={closeRef}>
              Close
            </Button>,
          ];

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      footer={footer}
      // Only while asking: the outcome has its own Close button, and two buttons of one name confuse.
      closable={state.status === 'idle'}
      mask={{ closable: state.status !== 'loading' }}
      keyboard={state.status !== 'loading'}
      afterOpenChange={(visible) => visible && cancelRef.current?.focus()}
      afterClose={() => state.status === 'success' && restoreFocusAfterDelete(opener.current)}
      destroyOnHidden
    >
      <div aria-live="polite">
        {state.status === 'idle' && <p>Are you sure you want to delete {name}? This cannot be undone.</p>}
        {state.status === 'loading' && (
          <div role="status" style={{ textAlign: 'center', padding: 24 }}>
            <Spin /> <span className="visually-hidden">Deleting {name}</span>
          </div>
        )}
        {state.status === 'success' && <Result status="success" title={DELETE_MESSAGES.deleted} subTitle={DELETE_MESSAGES.hasBeenDeleted(name)} />}
        {state.status === 'error' && <Result status="error" title={DELETE_MESSAGES.failed(name)} subTitle={state.reason} />}
      </div>
    </Modal>
  );
}

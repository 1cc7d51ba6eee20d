import { Button, Modal, Progress, Result } from 'antd';
import { useEffect, useRef } from 'react';

export type UploadKind = 'create' | 'update';

export type UploadState =
  | { status: 'uploading'; progress: number }
  | { status: 'success' }
  | { status: 'error'; message: string };

export const UPLOAD_TEXTS = {
  create: { working: 'Uploading Battlestation', done: 'Battlestation uploaded!', failed: 'Unable to Upload Battlestation' },
  update: { working: 'Updating Battlestation', done: 'Battlestation updated!', failed: 'Unable to Update Battlestation' },
} as const;

export interface UploadDialogProps {
  kind: UploadKind;
  state: UploadState | null;
  onClose: () => void;
  /** Stops an upload in progress. */
  onCancel: () => void;
  /** After a created station: go to its page now. */
  onView?: () => void;
}

/** The save popup (SPEC "Create battlestation", "Edit"): a real progress bar, then the outcome. */
export function UploadDialog({ kind, state, onClose, onCancel, onView }: UploadDialogProps) {
  const texts = UPLOAD_TEXTS[kind];
  const uploading = state?.status === 'uploading';
  const action = useRef<HTMLButtonElement>(null);
  const finished = state !== null && !uploading;
  // The outcome's button takes the focus from the Cancel button that just went away.
  useEffect(() => {
    if (finished) action.current?.focus();
  }, [finished]);
  const percent = uploading ? Math.round(state.progress * 100) : 100;
  return (
    <Modal
      open={state !== null}
      // The dialog's name says where the save stands (an antd dialog without a title has no accessible name).
      title={uploading ? texts.working : state?.status === 'success' ? texts.done : state?.status === 'error' ? texts.failed : null}
      closable={false}
      mask={{ closable: false }}
      keyboard={!uploading}
      onCancel={onClose}
      // A fast save can finish before the opening animation ends, when antd focuses the dialog itself: the
      // outcome's button takes the focus back then.
      afterOpenChange={(visible) => visible && finished && action.current?.focus()}
      destroyOnHidden
      footer={
        uploading
          ? [
              <Button key="cancel" onClick={onCancel}>
                Cancel
              </Button>,
            ]
          : state?.status === 'success' && onView
            ? [
                <Button key="view" ref={action} type="primary" onClick={onView}>
                  View Battlestation
                </Button>,
              ]
            : [
                <Button key="close" ref={action} type="primary" onClick={onClose}>
                  Close
                </Button>,
              ]
      }
    >
      {uploading && (
        <div role="status" aria-live="polite">
          <Progress percent={percent} status="active" aria-label={texts.working} />
          <p>{percent < 100 ? 'Sending your photos…' : 'Processing your photos…'}</p>
        </div>
      )}
      {state?.status === 'success' && <Result status="success" />}
      {state?.status === 'error' && <Result status="error" subTitle={state.message} />}
    </Modal>
  );
}

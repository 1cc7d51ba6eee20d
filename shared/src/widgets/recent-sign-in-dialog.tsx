import { Button, Input, Modal, type InputRef } from 'antd';
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, errorMessage } from '@battledeck/shared/api';
import { sessionStore } from '@battledeck/shared/session';
import { REQUIRED } from '../contract/common';
import { USER_MESSAGES } from '../contract/users';
import { fieldAria, FormField } from './form-field';

/** Ours (decision 25): the dialog that asks for the password before a sensitive change is retried. */
export const RECENT_SIGN_IN_TEXTS = {
  title: 'Confirm your password',
  intro: 'For your security, please enter your current password to continue.',
  label: 'Current password',
  submit: 'Continue',
  cancel: 'Cancel',
} as const;

/** The API's answer to a password or e-mail change or an account deletion without a recent sign-in. */
export function isRecentSignInRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.message === USER_MESSAGES.recentSignInRequired;
}

export interface RecentSignInDialogProps {
  open: boolean;
  /** Called once the user signed in again (the session's next ID token is fresh). */
  onSignedIn: () => void;
  onCancel: () => void;
}

/** Asks for the current password and signs in again through the shell (sessionStore.reauthenticate). */
export function RecentSignInDialog({ open, onSignedIn, onCancel }: RecentSignInDialogProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<InputRef>(null);
  const id = 'recent-sign-in-password';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React bubbles events through portals: a form around the opener must not submit too.
    event.stopPropagation();
    if (busy) return;
    if (!password) {
      setError(REQUIRED);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await sessionStore.getState().reauthenticate(password);
      setPassword('');
      onSignedIn();
    } catch (failure) {
      setError(errorMessage(failure));
      inputRef.current?.focus({ cursor: 'all' });
    } finally {
      setBusy(false);
    }
  };
  const cancel = () => {
    if (busy) return;
    setPassword('');
    setError(undefined);
    onCancel();
  };

  return (
    <Modal
      open={open}
      title={RECENT_SIGN_IN_TEXTS.title}
      onCancel={cancel}
      closable={!busy}
      mask={{ closable: !busy }}
      footer={null}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) inputRef.current?.focus();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={RECENT_SIGN_IN_TEXTS.title}>
        <p>{RECENT_SIGN_IN_TEXTS.intro}</p>
        <FormField label={RECENT_SIGN_IN_TEXTS.label} htmlFor={id} error={error} required>
          <Input.Password
            {...fieldAria(id, error, true)}
            ref={inputRef}
            autoComplete="current-password"
            value={password}
            readOnly={busy}
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormField>
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <Button onClick={cancel} disabled={busy}>
            {RECENT_SIGN_IN_TEXTS.cancel}
          </Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            {RECENT_SIGN_IN_TEXTS.submit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

interface Pending {
  resolve: () => void;
  reject: () => void;
}

/**
 * Decision 25 for any sensitive call: `withRecentSignIn(run)` runs it; if the API wants a recent sign-in, the
 * returned `dialog` (render it) asks for the password, and once signed in again the same call is retried.
 * Cancelling rejects with the API's original error, so the caller shows what it shows for any failure.
 */
export function useRecentSignIn(): { withRecentSignIn: <T>(run: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);

  const withRecentSignIn = useCallback(async <T,>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (!isRecentSignInRequired(error)) throw error;
      await new Promise<void>((resolve, reject) => setPending({ resolve, reject: () => reject(error) }));
      return run();
    }
  }, []);

  const dialog = (
    <RecentSignInDialog
      open={pending !== null}
      onSignedIn={() => {
        pending?.resolve();
        setPending(null);
      }}
      onCancel={() => {
        pending?.reject();
        setPending(null);
      }}
    />
  );
  return { withRecentSignIn, dialog };
}

import { act } from '@testing-library/react';
import { sessionStore, type SessionState } from '../session/session-store';

const initial = sessionStore.getState();

/** Puts the shared session store in a given state for a test; `signedInAs` fills a user. */
export function setSession(state: Partial<SessionState> & { signedInAs?: string } = {}): void {
  const { signedInAs, ...rest } = state;
  act(() =>
    sessionStore.setState({
      ...initial,
      loading: false,
      ...(signedInAs ? { user: { uid: `uid-${signedInAs}`, displayName: signedInAs, email: `${signedInAs}@example.com` } } : {}),
      ...rest,
    }),
  );
}

export function resetSession(): void {
  act(() => sessionStore.setState(initial, true));
}

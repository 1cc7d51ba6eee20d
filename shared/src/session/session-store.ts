import { createStore, useStore } from 'zustand';

export interface SessionUser {
  uid: string;
  displayName: string;
  email: string;
}

export interface SessionState {
  user: SessionUser | null;
  loading: boolean;
  isAdmin: boolean;
  isModerator: boolean;
  /** A fresh Firebase ID token, or null when signed out. */
  getIdToken: (forceRefresh?: boolean) => Promise<string | null>;
  signOut: () => Promise<void>;
  /**
   * Signs the current user in again with their password (decision 25: recent sign-in for sensitive changes)
   * and refreshes the ID token, so the next getIdToken() carries the new sign-in time. Rejects with an Error
   * whose message is the spec's sign-in error text ('Incorrect password.', …). The shell implements it.
   */
  reauthenticate: (password: string) => Promise<void>;
}

const signedOut = async () => null;

/** One store for the whole site: the shell writes it from Firebase Auth (SPEC §4), remotes only read it. */
export const sessionStore = createStore<SessionState>(() => ({
  user: null,
  loading: true,
  isAdmin: false,
  isModerator: false,
  getIdToken: signedOut,
  signOut: async () => {},
  reauthenticate: async () => {
    throw new Error('Not signed in.');
  },
}));

export function useSession(): SessionState;
export function useSession<T>(selector: (state: SessionState) => T): T;
export function useSession<T>(selector?: (state: SessionState) => T) {
  return useStore(sessionStore, selector ?? ((s) => s as unknown as T));
}

/** Admin area access (decision 5): admins and moderators. */
export function canUseAdmin(state: Pick<SessionState, 'isAdmin' | 'isModerator'>): boolean {
  return state.isAdmin || state.isModerator;
}

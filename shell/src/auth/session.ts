import { ApiError, apiRequest, queryKeys } from '@battledeck/shared/api';
import type { UserProfile } from '@battledeck/shared/contract';
import { sessionStore } from '@battledeck/shared/session';
import { EmailAuthProvider, onAuthStateChanged, reauthenticateWithCredential, signOut, type User } from 'firebase/auth';
import { loginErrorMessage } from './auth-errors';
import { firebaseAuth } from './firebase';

async function signOutQuietly(): Promise<void> {
  try {
    await signOut(firebaseAuth());
  } catch (error) {
    console.warn('Sign-out failed:', error);
  }
}

/**
 * Decision 25: signs the current user in again with their password and forces a fresh ID token (its
 * auth_time is now). Failures carry the spec's sign-in texts ('Incorrect password.', …).
 */
export async function reauthenticate(password: string): Promise<void> {
  const user = firebaseAuth().currentUser;
  if (!user?.email) throw new Error(loginErrorMessage(null));
  try {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
    await user.getIdToken(true);
  } catch (error) {
    throw new Error(loginErrorMessage(error), { cause: error });
  }
}

/** After a profile load that failed for a passing reason (a deploy's 503, the network): tries again, slower each time. */
const PROFILE_RETRY_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

async function loadProfile(user: User, attempt = 0): Promise<void> {
  const getIdToken = (forceRefresh?: boolean) => user.getIdToken(forceRefresh);
  sessionStore.setState({ getIdToken });
  try {
    const profile = await apiRequest<UserProfile>(`/users/${encodeURIComponent(user.uid)}`, { auth: 'required' });
    if (firebaseAuth().currentUser?.uid !== user.uid) return;
    sessionStore.setState({
      user: { uid: user.uid, displayName: profile.username || user.displayName || '', email: profile.email },
      isAdmin: profile.is_admin,
      isModerator: profile.is_moderator,
      loading: false,
    });
  } catch (error) {
    // SPEC §4: a failed token or profile fetch ends loading signed out, and is only logged.
    console.warn(`Could not load the profile (${queryKeys.users.profile(user.uid).join('/')}):`, error);
    sessionStore.setState({ user: null, isAdmin: false, isModerator: false, loading: false, getIdToken: async () => null });
    if (firebaseAuth().currentUser?.uid !== user.uid) return;
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      // Refused, or no profile: signed out of Firebase too. It tells only a change of user, so the same
      // person signing in again would otherwise go unnoticed.
      await signOutQuietly();
      return;
    }
    // A passing failure: the stored sign-in stays, and the profile is asked for again until it comes.
    setTimeout(
      () => {
        if (firebaseAuth().currentUser?.uid === user.uid && !sessionStore.getState().user) void loadProfile(user, attempt + 1);
      },
      PROFILE_RETRY_MS[Math.min(attempt, PROFILE_RETRY_MS.length - 1)],
    );
  }
}

/** Keeps the shared session store in step with Firebase Auth (SPEC §4). Called once, by session-boot. */
export function followAuthState(): void {
  const auth = firebaseAuth();
  sessionStore.setState({ signOut: signOutQuietly, reauthenticate });
  onAuthStateChanged(auth, (user) => {
    if (user) {
      sessionStore.setState({ loading: true });
      void loadProfile(user);
    } else {
      sessionStore.setState({
        user: null,
        isAdmin: false,
        isModerator: false,
        loading: false,
        getIdToken: async () => null,
      });
    }
  });
}

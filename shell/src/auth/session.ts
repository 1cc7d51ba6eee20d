import { apiRequest, queryKeys } from '@battledeck/shared/api';
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

async function loadProfile(user: User): Promise<void> {
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
    // Signed out of Firebase too: it tells only a change of user, so the same person signing in again
    // (once the API answers) would otherwise go unnoticed, and requests would still carry their token.
    if (firebaseAuth().currentUser?.uid === user.uid) await signOutQuietly();
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

import { sessionStore } from '@battledeck/shared/session';

/** Where Firebase Auth keeps a signed-in user (SPEC §4): its IndexedDB database, else local or session storage. */
export const FIREBASE_DATABASE = 'firebaseLocalStorageDb';
const STORED_USER_PREFIX = 'firebase:authUser:';

function holdsStoredUser(storage: Storage): boolean {
  for (let i = 0; i < storage.length; i += 1) {
    if (storage.key(i)?.startsWith(STORED_USER_PREFIX)) return true;
  }
  return false;
}

/**
 * Whether this browser may hold a signed-in session, found without loading Firebase. Firebase creates its
 * database on its first start, so only a browser it never ran in answers false; any doubt answers true.
 */
export async function mayHoldSession(): Promise<boolean> {
  try {
    if (holdsStoredUser(localStorage) || holdsStoredUser(sessionStorage)) return true;
    if (typeof indexedDB?.databases !== 'function') return true;
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === FIREBASE_DATABASE);
  } catch {
    return true;
  }
}

let started: Promise<void> | null = null;

/** Follows Firebase Auth from now on (loads Firebase, about 40 KB gzip); only the first call starts it. */
export function startSession(): Promise<void> {
  started ??= import('./session')
    .then((session) => session.followAuthState())
    .catch((error: unknown) => {
      // Firebase could not load: signed out is the safe state, and a later call may try again.
      console.warn('Could not start the session:', error);
      started = null;
      sessionStore.setState({ loading: false });
    });
  return started;
}

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 1500 });
  else setTimeout(run, 200);
}

/**
 * On opening the site. A visitor who may be signed in gets Firebase once the first page is idle; one who
 * cannot be is signed out at once, without it, so pages that wait for the session (a station's page) do not
 * wait for Firebase, which then loads only where someone signs in (the login page starts the session).
 */
export async function bootSession(): Promise<void> {
  if (await mayHoldSession()) whenIdle(() => void startSession());
  else if (!started) sessionStore.setState({ loading: false });
}

import { sessionStore } from '@battledeck/shared/session';
import { mockFetch, resetSession } from '@battledeck/shared/testing';
import { onAuthStateChanged, signOut, type User } from 'firebase/auth';
import { followAuthState } from './session';

const auth: { currentUser: User | null } = { currentUser: null };
jest.mock('./firebase', () => ({ firebaseAuth: () => auth }));
jest.mock('firebase/auth', () => ({ onAuthStateChanged: jest.fn(), signOut: jest.fn() }));

const user = { uid: 'uid-demo', displayName: 'demo', getIdToken: async () => 'token' } as unknown as User;
const profile = { user_id: 'uid-demo', username: 'demo_user', email: 'demo@example.com', is_admin: false, is_moderator: false };

/** Calls what Firebase would call on a change of user, then waits for the profile to load. */
async function firebaseSays(next: User | null) {
  auth.currentUser = next;
  const listener = (onAuthStateChanged as jest.Mock).mock.calls.at(-1)![1] as (user: User | null) => void;
  listener(next);
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('following Firebase Auth (SPEC §4)', () => {
  beforeEach(() => {
    (signOut as jest.Mock).mockClear().mockImplementation(async () => {
      auth.currentUser = null;
    });
    followAuthState();
  });
  afterEach(resetSession);

  it('loads the profile of the signed-in user', async () => {
    mockFetch({ '/api/users/uid-demo': profile });
    await firebaseSays(user);
    expect(sessionStore.getState()).toMatchObject({ user: { uid: 'uid-demo', displayName: 'demo_user' }, loading: false });
  });

  it('ends signed out, in Firebase too, when there is no profile (or it is refused), so signing in again as the same user works', async () => {
    mockFetch({ '/api/users/uid-demo': () => new Response('{"message":"User not found."}', { status: 404 }) });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await firebaseSays(user);
    expect(sessionStore.getState()).toMatchObject({ user: null, loading: false });
    expect(await sessionStore.getState().getIdToken()).toBeNull();
    expect(signOut).toHaveBeenCalled();
    // Firebase tells listeners of the sign-out, and of the next sign-in (a change of user again).
    await firebaseSays(null);
    mockFetch({ '/api/users/uid-demo': profile });
    await firebaseSays(user);
    expect(sessionStore.getState().user).toMatchObject({ uid: 'uid-demo' });
  });

  it('keeps the stored sign-in when the API cannot answer for a moment, and loads the profile once it can', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let down = true;
    mockFetch({ '/api/users/uid-demo': () => (down ? new Response('{"message":"down"}', { status: 503 }) : new Response(JSON.stringify(profile), { headers: { 'content-type': 'application/json' } })) });
    auth.currentUser = user;
    const listener = (onAuthStateChanged as jest.Mock).mock.calls.at(-1)![1] as (user: User | null) => void;
    listener(user);
    await jest.advanceTimersByTimeAsync(10);
    expect(sessionStore.getState()).toMatchObject({ user: null, loading: false });
    expect(signOut).not.toHaveBeenCalled();
    down = false;
    await jest.advanceTimersByTimeAsync(2_100);
    expect(sessionStore.getState().user).toMatchObject({ uid: 'uid-demo', displayName: 'demo_user' });
    jest.useRealTimers();
  });
});

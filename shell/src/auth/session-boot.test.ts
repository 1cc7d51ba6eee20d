import { resetSession, setSession } from '@battledeck/shared/testing';
import { sessionStore } from '@battledeck/shared/session';
import { followAuthState } from './session';
import { bootSession, FIREBASE_DATABASE, mayHoldSession, startSession } from './session-boot';

jest.mock('./session', () => ({ followAuthState: jest.fn() }));

// jsdom has no IndexedDB: each test gives the page the databases it should list (the e2e auth tests
// check the real browser: a visitor never signed in does not start Firebase, sign-in still works).
function withDatabases(names: string[] | 'unsupported' | 'failing') {
  const databases =
    names === 'unsupported' ? undefined : names === 'failing' ? () => Promise.reject(new Error('blocked')) : () => Promise.resolve(names.map((name) => ({ name, version: 1 })));
  Object.defineProperty(globalThis, 'indexedDB', { value: { databases }, configurable: true });
}

describe('whether a browser may hold a session (without loading Firebase)', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('is false where Firebase never ran', async () => {
    withDatabases(['some-other-db']);
    expect(await mayHoldSession()).toBe(false);
  });

  it("is true once Firebase's database exists", async () => {
    withDatabases(['some-other-db', FIREBASE_DATABASE]);
    expect(await mayHoldSession()).toBe(true);
  });

  it.each([localStorage, sessionStorage])('is true when web storage holds a Firebase user', async (storage) => {
    withDatabases([]);
    storage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{}');
    expect(await mayHoldSession()).toBe(true);
  });

  it.each(['unsupported', 'failing'] as const)('is true when IndexedDB cannot tell (%s)', async (state) => {
    withDatabases(state);
    expect(await mayHoldSession()).toBe(true);
  });
});

describe('booting the session', () => {
  beforeEach(() => setSession({ loading: true }));
  afterEach(resetSession);

  it('signs a visitor who cannot hold a session out at once, without Firebase', async () => {
    withDatabases([]);
    await bootSession();
    expect(sessionStore.getState()).toMatchObject({ loading: false, user: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(followAuthState).not.toHaveBeenCalled();
  });

  it('follows Firebase Auth, once the page is idle, for a visitor who may be signed in', async () => {
    withDatabases([FIREBASE_DATABASE]);
    await bootSession();
    expect(sessionStore.getState().loading).toBe(true);
    expect(followAuthState).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await startSession();
    expect(followAuthState).toHaveBeenCalledTimes(1);
  });
});

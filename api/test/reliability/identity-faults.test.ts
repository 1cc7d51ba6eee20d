import { eq } from 'drizzle-orm';
import { DEFAULT_IDENTITY_TIMEOUT_MS as IDENTITY_TIMEOUT_MS } from '../../src/config';
import { users } from '../../src/db/schema';
import { AUTH_EMULATOR } from '../../src/dev/auth-emulator';
import { MESSAGES } from '../../src/errors';
import { insertUser, type UserRow } from '../../src/repositories/users-repository';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { uniqueEmail, uniqueSuffix } from '../helpers/emulator-accounts';
import { createBattlestation } from '../helpers/factories';
import { emulatorHasAccount, signUpAtEmulator } from './helpers/emulator-rest';
import { recordFigures } from './helpers/figures';
import { portIsClosed, startDelayingProxy, startHangingServer, type DelayingProxy, type FaultServer } from './helpers/fault-servers';

/**
 * The API with its identity service (the Auth emulator locally, Firebase in production) down, hanging or
 * slow. One app at a time: firebase-admin takes the emulator address from the process environment.
 */
const CLOSED_PORT = 8650;
const HANGING_PORT = 8651;
const SLOW_PORT = 8652;
/** The slow service answers after this long: past the API's time limit. */
const SLOW_DELAY_MS = IDENTITY_TIMEOUT_MS + 1500;
const UNREACHABLE = { message: MESSAGES.identityUnavailable };

interface Signed {
  uid: string;
  token: string;
  row: UserRow;
  stationId: number;
}

/** A real account (signed in at the real emulator) with a profile and a public station in the app's database. */
async function signedUserIn(t: TestApp): Promise<Signed> {
  const account = await signUpAtEmulator();
  const row = await insertUser(t.app.db, { user_id: account.uid, username: `fault_${uniqueSuffix()}`, email: account.email });
  const station = await createBattlestation(t.app, { owner: row, parts: 1 });
  return { uid: account.uid, token: account.token, row, stationId: station.battlestation_id };
}

async function timed<T>(call: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await call();
  return [result, Date.now() - started];
}

const profilesNamed = (t: TestApp, username: string) => t.app.db.select().from(users).where(eq(users.username, username));

const registration = () => {
  const password = 'fault-pass-123';
  return { username: `fault_${uniqueSuffix()}`, email: uniqueEmail('identity-fault'), password, confirmPassword: password };
};

describe('the identity service is down (nothing listens on its port)', () => {
  let t: TestApp;
  let user: Signed;
  beforeAll(async () => {
    expect(await portIsClosed(CLOSED_PORT)).toBe(true);
    t = await buildTestApp({ authEmulatorHost: `127.0.0.1:${CLOSED_PORT}`, identityTimeoutMs: IDENTITY_TIMEOUT_MS });
    user = await signedUserIn(t);
  });
  afterAll(() => t?.close());

  it('answers a signed-in call with 503 and a clear message within a few seconds', async () => {
    const [res, ms] = await timed(() => t.app.inject({ method: 'GET', url: `/api/users/${user.uid}`, headers: { authorization: `Bearer ${user.token}` } }));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNREACHABLE);
    expect(ms).toBeLessThan(3000);
    recordFigures('identity-down-signed-in-call', { status: res.statusCode, answeredAfterMs: ms });
  });

  it('answers a registration with 503 and writes no profile', async () => {
    const body = registration();
    const [res, ms] = await timed(() => t.app.inject({ method: 'POST', url: '/api/users/', payload: body }));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNREACHABLE);
    expect(ms).toBeLessThan(3000);
    expect(await profilesNamed(t, body.username)).toEqual([]);
    recordFigures('identity-down-registration', { status: res.statusCode, answeredAfterMs: ms });
  });

  it('keeps public calls working, with or without a token', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${user.stationId}` });
    expect(anonymous.statusCode).toBe(200);
    // An optional token that cannot be checked is ignored: the visitor is served as anonymous.
    const [withToken, ms] = await timed(() =>
      t.app.inject({ method: 'GET', url: `/api/battlestations/id/${user.stationId}`, headers: { authorization: `Bearer ${user.token}` } }),
    );
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json()).toMatchObject({ name: anonymous.json<{ name: string }>().name, is_favorited: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/parts' })).statusCode).toBe(200);
    recordFigures('identity-down-public-call-with-token', { status: withToken.statusCode, answeredAfterMs: ms });
  });
});

describe('the identity service accepts connections but never answers', () => {
  let t: TestApp;
  let hanging: FaultServer;
  let user: Signed;
  beforeAll(async () => {
    hanging = await startHangingServer(HANGING_PORT);
    t = await buildTestApp({ authEmulatorHost: hanging.address, identityTimeoutMs: IDENTITY_TIMEOUT_MS });
    user = await signedUserIn(t);
  });
  afterAll(async () => {
    await t?.close();
    await hanging?.close();
  });

  it('gives up on a signed-in call after the time limit with 503, instead of holding it for minutes', async () => {
    const [res, ms] = await timed(() => t.app.inject({ method: 'GET', url: `/api/users/${user.uid}`, headers: { authorization: `Bearer ${user.token}` } }));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNREACHABLE);
    expect(ms).toBeGreaterThanOrEqual(IDENTITY_TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(IDENTITY_TIMEOUT_MS + 1500);
    recordFigures('identity-hanging-signed-in-call', { status: res.statusCode, answeredAfterMs: ms, limitMs: IDENTITY_TIMEOUT_MS });
  });

  it('gives up on a registration after the time limit with 503', async () => {
    const body = registration();
    const [res, ms] = await timed(() => t.app.inject({ method: 'POST', url: '/api/users/', payload: body }));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNREACHABLE);
    expect(ms).toBeLessThan(IDENTITY_TIMEOUT_MS + 1500);
    recordFigures('identity-hanging-registration', { status: res.statusCode, answeredAfterMs: ms, limitMs: IDENTITY_TIMEOUT_MS });
  });

  it('serves a public call at once without a token, and within the time limit with one', async () => {
    const [anonymous, anonymousMs] = await timed(() => t.app.inject({ method: 'GET', url: `/api/battlestations/id/${user.stationId}` }));
    expect(anonymous.statusCode).toBe(200);
    expect(anonymousMs).toBeLessThan(1000);
    const [withToken, ms] = await timed(() =>
      t.app.inject({ method: 'GET', url: `/api/battlestations/id/${user.stationId}`, headers: { authorization: `Bearer ${user.token}` } }),
    );
    expect(withToken.statusCode).toBe(200);
    expect(ms).toBeLessThan(IDENTITY_TIMEOUT_MS + 1500);
    recordFigures('identity-hanging-public-call', { anonymousMs, withTokenMs: ms });
  });
});

describe('the identity service answers, but only after the time limit', () => {
  let t: TestApp;
  let slow: DelayingProxy;
  beforeAll(async () => {
    // Creating an account is slow; looking accounts up and deleting them is not.
    slow = await startDelayingProxy(SLOW_PORT, AUTH_EMULATOR.address, SLOW_DELAY_MS, /\/accounts$/);
    t = await buildTestApp({ authEmulatorHost: slow.address, identityTimeoutMs: IDENTITY_TIMEOUT_MS });
  });
  afterAll(async () => {
    await t?.close();
    await slow?.close();
  });

  it('answers the registration 503 and deletes the identity created too late, so no account is left without a profile', async () => {
    const body = registration();
    const [res, ms] = await timed(() => t.app.inject({ method: 'POST', url: '/api/users/', payload: body }));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNREACHABLE);
    expect(ms).toBeLessThan(IDENTITY_TIMEOUT_MS + 1500);

    // The slow service did create the account after the API gave up; the API then deletes it.
    const deadline = Date.now() + 2 * SLOW_DELAY_MS;
    while (!slow.forwarded.some((line) => line.includes('accounts:delete -> 200')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const accounts = `POST /identitytoolkit.googleapis.com/v1/projects/${AUTH_EMULATOR.projectId}/accounts`;
    // Created (firebase-admin then reads the new account back), and deleted again.
    expect(slow.forwarded[0]).toBe(`${accounts} -> 200`);
    expect(slow.forwarded.at(-1)).toBe(`${accounts}:delete -> 200`);
    expect(await emulatorHasAccount(body.email)).toBe(false);
    expect(await profilesNamed(t, body.username)).toEqual([]);
    recordFigures('identity-slow-registration', { status: res.statusCode, answeredAfterMs: ms, serviceDelayMs: SLOW_DELAY_MS, lateIdentityDeleted: true });
  });
});

import { randomBytes } from 'node:crypto';
import { AUTH_EMULATOR, ensureAuthEmulator, type AuthEmulatorHandle } from '../../src/dev/auth-emulator';

declare global {
  var __battledeckAuthEmulator: AuthEmulatorHandle | undefined;
}

/** Once per Jest run: the real Auth emulator, shared by every worker (started here unless already running). */
export default async function globalSetup(): Promise<void> {
  globalThis.__battledeckAuthEmulator = await ensureAuthEmulator();
  // Inherited by the workers; the API's config reads the same address.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = AUTH_EMULATOR.address;
  // Names this run's test accounts, so its teardown leaves parallel runs' accounts alone.
  process.env.BATTLEDECK_TEST_RUN ??= `run${randomBytes(4).toString('hex')}`;
}

import { deleteTestIdentities } from '../helpers/emulator-accounts';

/** Removes the accounts the tests created (only theirs: the emulator may be a developer's) and stops an emulator we started. */
export default async function globalTeardown(): Promise<void> {
  const emulator = globalThis.__battledeckAuthEmulator;
  try {
    await deleteTestIdentities();
  } finally {
    await emulator?.stop();
  }
}

import type { Database } from '../../src/db/database';

/**
 * Opens a transaction, runs `hold` in it (taking the locks another save would hold) and keeps it open: the
 * returned function commits it. For tests of where a save waits and what it finds after.
 */
export async function holdTransaction(db: Database, hold: (tx: Database) => Promise<void>): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const done = db.transaction(async (tx) => {
    await hold(tx);
    held();
    await released;
  });
  await Promise.race([isHeld, done]);
  return async () => {
    release();
    await done;
  };
}

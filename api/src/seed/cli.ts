import { initFirebase } from '../auth/firebase';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { consoleLogger as log } from '../lib/logger';
import { createStorage } from '../storage/create-storage';
import { DEFAULT_SCALE, scaleFor, seedScale } from './scale';
import { ensureSeedIdentities } from './seed-identities';
import { isDatabaseEmpty, seedIfEmpty } from './seed-if-empty';

/** `--scale` alone, or `--scale 5000` for a smaller dataset with the same ratios. */
function scaleArgument(args: string[]): number | undefined {
  const at = args.indexOf('--scale');
  if (at === -1) return undefined;
  const value = Number(args[at + 1]);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_SCALE.battlestations;
}

/** `npm run seed -- --scale [N]`: the benchmark dataset (N battlestations, default 100,000) in an empty database. */
async function seedScaleDataset(stations: number): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config, log);
  try {
    await database.migrate();
    if (!(await isDatabaseEmpty(database.db))) throw new Error('The database already holds data; the scale dataset needs an empty one.');
    const started = Date.now();
    const counts = await seedScale(database.db, scaleFor(stations), log);
    log.info({ ...counts, seconds: Math.round((Date.now() - started) / 100) / 10, engine: database.engine }, 'scale dataset ready');
  } finally {
    await database.close();
  }
}

/**
 * `npm run seed`: loads the demo data into an empty database (the configured one) on demand.
 * Stop the API first when using PGlite: one process at a time owns its data directory.
 */
async function main(): Promise<void> {
  const scale = scaleArgument(process.argv.slice(2));
  if (scale !== undefined) return seedScaleDataset(scale);
  const config = loadConfig();
  const database = await openDatabase(config, log);
  const firebase = initFirebase(config);
  try {
    await database.migrate();
    const storage = await createStorage(config);
    const summary = await seedIfEmpty({ db: database.db, database, storage, log });
    if (!summary) log.info('the database already holds data: nothing seeded');
    try {
      await ensureSeedIdentities({ db: database.db, firebaseAuth: firebase.auth, log }, { replaceConflicts: Boolean(config.authEmulatorHost) });
    } catch (error) {
      log.warn({ err: error }, 'could not create the demo identities; start the Auth emulator (npm run emulator -w api) and run this again, or just start the API');
    }
  } finally {
    await firebase.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

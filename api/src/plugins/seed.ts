import fp from 'fastify-plugin';
import { ensureSeedIdentities } from '../seed/seed-identities';
import { seedIfEmpty } from '../seed/seed-if-empty';

/**
 * First start on an empty database loads the demo data (SEED_ON_EMPTY). With the Auth emulator, the demo
 * identities are recreated on every start, since the emulator may have forgotten them.
 * Runs before listening, so /api/health only answers once the data is there.
 */
export default fp(
  async (app) => {
    const seeded = app.config.seedOnEmpty ? await seedIfEmpty(app) : undefined;
    const emulator = Boolean(app.config.authEmulatorHost);
    if (!seeded && !emulator) return;
    try {
      await ensureSeedIdentities(app, { replaceConflicts: emulator });
    } catch (error) {
      // The data is usable without sign-in; the next start tries again.
      app.log.warn({ err: error }, 'could not create the demo identities (is the Auth emulator running?)');
    }
  },
  { name: 'seed', dependencies: ['database', 'storage', 'auth'] },
);

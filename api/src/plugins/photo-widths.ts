import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backfillPhotoPalettesOnce } from '../services/photo-palette-backfill';
import { backfillPhotoWidths } from '../services/photo-widths-backfill';

/**
 * Photos and part images stored before the width copies existed get them (issue 17), and photos stored before
 * palettes were extracted get theirs (issue 19, once per database: completed_tasks). In the background once the
 * API is ready, not before it listens: an upgrade with thousands of older photos would hold the start for as long
 * as it takes (past Fastify's plugin timeout), while a page shows such a photo meanwhile from its web copy alone,
 * without swatches. It stops between two photos when the API closes; the rest is filled at the next start. Under
 * cluster-wide locks: an instance that finds one held looks again every minute (its holder does the work, unless it
 * stops); a start with nothing to fill costs three queries.
 */
export default fp(
  async (app) => {
    const stop = new AbortController();
    let running: Promise<void> = Promise.resolve();
    app.addHook('onReady', async () => {
      running = fillOlderPhotos(app, stop.signal).catch((error: unknown) => {
        app.log.error({ err: error }, 'the start-up backfill of older photos stopped');
      });
    });
    app.addHook('preClose', async () => {
      stop.abort();
      await running;
    });
  },
  { name: 'photo-widths', dependencies: ['database', 'storage', 'private-photos'] },
);

/** How long an instance that found a backfill's lock held waits before it looks again (the holder may have stopped). */
const LOCK_RETRY_MS = 60_000;

async function fillOlderPhotos(app: FastifyInstance, signal: AbortSignal): Promise<void> {
  const deps = { db: app.db, storage: app.storage, log: app.log, signal };
  const filled = await whenLockFree(app, 'battledeck:photo-widths', signal, () => backfillPhotoWidths(deps));
  if (filled && filled.photos + filled.parts > 0) app.log.info(filled, 'width copies written for existing photos');
  const palettes = await whenLockFree(app, 'battledeck:photo-palettes', signal, () => backfillPhotoPalettesOnce(deps));
  if (palettes) app.log.info({ photos: palettes }, 'palettes extracted for existing photos');
}

/** Runs `work` once the lock is free, looking again every LOCK_RETRY_MS; undefined if the API closes first. */
async function whenLockFree<T>(app: FastifyInstance, name: string, signal: AbortSignal, work: () => Promise<T>): Promise<T | undefined> {
  while (!signal.aborted) {
    const result = await app.database.withLockIfFree(name, work);
    if (result !== undefined) return result;
    await sleep(LOCK_RETRY_MS, undefined, { signal }).catch(() => undefined);
  }
  return undefined;
}

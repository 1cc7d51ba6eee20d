import fp from 'fastify-plugin';
import { backfillPhotoWidths } from '../services/photo-widths-backfill';

/**
 * One-off at start-up (issue 17): photos and part images stored before the width copies existed get them,
 * before any route runs. Under a cluster-wide lock, so instances starting together write each copy once; a
 * start with nothing to fill costs two queries.
 */
export default fp(
  async (app) => {
    const filled = await app.database.withLock('battledeck:photo-widths', () => backfillPhotoWidths(app));
    if (filled.photos + filled.parts > 0) app.log.info(filled, 'width copies written for existing photos');
  },
  { name: 'photo-widths', dependencies: ['database', 'storage', 'private-photos'] },
);

import fp from 'fastify-plugin';
import { backfillPhotoPalettesOnce } from '../services/photo-palette-backfill';
import { backfillPhotoWidths } from '../services/photo-widths-backfill';

/**
 * One-off at start-up: photos and part images stored before the width copies existed get them (issue 17),
 * and photos stored before palettes were extracted get theirs (issue 19, once per database: completed_tasks),
 * before any route runs. Under cluster-wide locks, so instances starting together do each once; a start with
 * nothing to fill costs three queries.
 */
export default fp(
  async (app) => {
    const filled = await app.database.withLock('battledeck:photo-widths', () => backfillPhotoWidths(app));
    if (filled.photos + filled.parts > 0) app.log.info(filled, 'width copies written for existing photos');
    const palettes = await app.database.withLock('battledeck:photo-palettes', () => backfillPhotoPalettesOnce(app));
    if (palettes > 0) app.log.info({ photos: palettes }, 'palettes extracted for existing photos');
  },
  { name: 'photo-widths', dependencies: ['database', 'storage', 'private-photos'] },
);

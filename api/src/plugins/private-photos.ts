import fp from 'fastify-plugin';
import { movePrivateStationPhotosOnce } from '../services/private-photos-move';

/**
 * One-off at start-up (issue 15): private stations' photos still in the public folder are moved under the
 * private prefix with new names before any route runs. Under a cluster-wide lock, so instances starting
 * together move each photo once; recorded when done, so later starts cost one query.
 */
export default fp(
  async (app) => {
    const moved = await app.database.withLock('battledeck:private-photos', () => movePrivateStationPhotosOnce(app));
    if (moved > 0) app.log.info({ photos: moved }, "private stations' photos moved out of the public folder");
  },
  { name: 'private-photos', dependencies: ['database', 'storage'] },
);

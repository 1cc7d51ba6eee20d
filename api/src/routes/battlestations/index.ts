import type { FastifyPluginAsync } from 'fastify';
import createBattlestation from './create-battlestation';
import deleteBattlestation from './delete-battlestation';
import favoriteBattlestation from './favorite-battlestation';
import getBattlestation from './get-battlestation';
import getBattlestationHistory from './get-battlestation-history';
import getBattlestationParts from './get-battlestation-parts';
import getFeatured from './get-featured';
import getPrivatePhoto from './get-private-photo';
import getSimilarBattlestations from './get-similar-battlestations';
import listBattlestations from './list-battlestations';
import updateBattlestation from './update-battlestation';

/** /api/battlestations: one file per endpoint. */
const battlestations: FastifyPluginAsync = async (app) => {
  await app.register(getFeatured);
  await app.register(listBattlestations);
  await app.register(getBattlestation);
  await app.register(getBattlestationParts);
  await app.register(getBattlestationHistory);
  await app.register(getSimilarBattlestations);
  await app.register(getPrivatePhoto);
  await app.register(createBattlestation);
  await app.register(updateBattlestation);
  await app.register(deleteBattlestation);
  await app.register(favoriteBattlestation);
};

export default battlestations;

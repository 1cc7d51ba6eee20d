import type { FastifyPluginAsync } from 'fastify';
import deleteUser from './delete-user';
import getMember from './get-member';
import getUser from './get-user';
import getUserBattlestations from './get-user-battlestations';
import getUserFavorites from './get-user-favorites';
import registerUser from './register-user';
import updateUser from './update-user';

/** /api/users: one file per endpoint. */
const users: FastifyPluginAsync = async (app) => {
  await app.register(registerUser);
  await app.register(getUser);
  await app.register(updateUser);
  await app.register(deleteUser);
  await app.register(getUserBattlestations);
  await app.register(getUserFavorites);
  await app.register(getMember);
};

export default users;

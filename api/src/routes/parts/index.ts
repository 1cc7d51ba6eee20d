import type { FastifyPluginAsync } from 'fastify';
import getAutocomplete from './get-autocomplete';
import getPart from './get-part';
import getPairedParts from './get-paired-parts';
import getPartBattlestations from './get-part-battlestations';
import getPartTypes from './get-part-types';
import getSimilarParts from './get-similar-parts';
import getParts from './get-parts';
import requestPart from './request-part';
import staffRoutes from './staff-routes';

/** /api/parts: one file per endpoint. */
const parts: FastifyPluginAsync = async (app) => {
  await app.register(getPartTypes);
  await app.register(getParts);
  await app.register(getPart);
  await app.register(getPartBattlestations);
  await app.register(getPairedParts);
  await app.register(getAutocomplete);
  await app.register(getSimilarParts);
  await app.register(requestPart);
  await app.register(staffRoutes);
};

export default parts;

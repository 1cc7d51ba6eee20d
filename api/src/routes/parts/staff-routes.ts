import type { FastifyPluginAsync } from 'fastify';
import createPart from './create-part';
import deletePart from './delete-part';
import deletePendingPart from './delete-pending-part';
import getPendingParts from './get-pending-parts';
import mergeParts from './merge-parts';
import mergePreview from './merge-preview';
import previewPartImage from './preview-part-image';
import updatePart from './update-part';
import updatePendingPart from './update-pending-part';

/**
 * The write side of /api/parts, for staff (admins and moderators, decision 5): the part form and the
 * pending requests. Static `/pending…` paths win over `/:id` in the router whatever the order.
 */
const staffRoutes: FastifyPluginAsync = async (app) => {
  await app.register(getPendingParts);
  await app.register(updatePendingPart);
  await app.register(deletePendingPart);
  await app.register(createPart);
  await app.register(updatePart);
  await app.register(deletePart);
  await app.register(previewPartImage);
  await app.register(mergePreview);
  await app.register(mergeParts);
};

export default staffRoutes;

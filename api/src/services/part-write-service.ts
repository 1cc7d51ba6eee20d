import { ADMIN_MESSAGES, PART_NOT_FOUND, type partWriteFields } from '@battledeck/shared/contract';
import type { z } from 'zod';
import type { Database } from '../db/database';
import { badRequest, conflict, notFound } from '../errors';
import { importImageUrl } from '../images/import-image-url';
import { removeStoredImages } from '../images/remove-stored-images';
import { storeImage, type StoredImage } from '../images/store-image';
import type { Upload } from '../images/upload-checks';
import { withWrittenFiles, type WrittenFiles } from '../images/written-files';
import { refreshBattlestationDerived, refreshStoreCounts } from '../repositories/derived-columns-repository';
import { lockPartRequest, setPartRequestStatus } from '../repositories/part-requests-repository';
import {
  countPartUsage,
  deletePartRow,
  findPart,
  insertPart,
  lockPart,
  lockStationsListing,
  partTypeExists,
  removeStoreLinks,
  stationIdsUsingPart,
  storeIdsOfPart,
  updatePartRow,
  upsertStoreLinks,
} from '../repositories/part-write-repository';
import { existingStoreIds } from '../repositories/stores-repository';
import type { ServiceDeps } from './service-deps';

export type PartWriteInput = z.output<typeof partWriteFields>;
type Deps = Pick<ServiceDeps, 'db' | 'storage' | 'log' | 'config'>;

/** The image of a save: an uploaded file, or the image URL fetched by the server (decision 19). */
async function storePartImage(deps: Deps, files: WrittenFiles, input: PartWriteInput, upload: Upload | undefined): Promise<StoredImage | undefined> {
  if (upload && input.image_url) throw badRequest(ADMIN_MESSAGES.imageTwice);
  if (upload) return storeImage(files, 'parts', upload.bytes, upload.declared);
  return input.image_url ? storeImage(files, 'parts', await importImageUrl(input.image_url, deps.config.imageImport)) : undefined;
}

/** The type, stores and request a save refers to; checked before the (slow) image work and again inside the transaction. */
async function checkReferences(db: Database, input: PartWriteInput): Promise<void> {
  if (!(await partTypeExists(db, input.type_id))) throw badRequest(ADMIN_MESSAGES.unknownType);
  const added = input.added_stores.map((s) => s.store_id);
  if (new Set(added).size !== added.length) throw badRequest(ADMIN_MESSAGES.duplicateStore);
  const known = await existingStoreIds(db, added);
  if (added.some((id) => !known.has(id))) throw badRequest(ADMIN_MESSAGES.unknownStore);
}

/** Approves the request saved as part `partId`, and remembers that part (a merge moves it, decision 021). */
async function approveRequest(db: Database, requestId: number, partId: number): Promise<void> {
  const status = await lockPartRequest(db, requestId);
  if (!status) throw notFound(ADMIN_MESSAGES.requestNotFound);
  if (status !== 'pending') throw conflict(ADMIN_MESSAGES.requestNotPending);
  await setPartRequestStatus(db, requestId, 'approved', partId);
}

/** What a part row keeps of its stored image: the name, the web copy's size and its width copies (issue 17). */
const imageFields = (image: StoredImage) => ({
  image: image.name,
  image_width: image.width,
  image_height: image.height,
  image_widths: image.widths,
});

const textFields = (input: PartWriteInput) => ({
  name: input.name,
  type_id: input.type_id,
  manufacturer: input.manufacturer,
  manufacturer_url: input.manufacturer_url ?? null,
});

/** The files of an image no row names any more (committed): a failure is logged, an orphan file at worst. */
const deleteImageFiles = (deps: Deps, image: string) => removeStoredImages(deps.storage, deps.log, 'parts', [image]);

/**
 * POST /parts/: the image first (upload or URL, through the pipeline), then in one transaction the part,
 * the approval of the pending request it came from (request_id) and its store links, with the stores'
 * part_count. Any failure rolls everything back (the request stays pending) and deletes the written files.
 */
export async function createPart(deps: Deps, input: PartWriteInput, upload: Upload | undefined): Promise<{ part_id: number }> {
  if (!upload && !input.image_url) throw badRequest(ADMIN_MESSAGES.imageRequired);
  await checkReferences(deps.db, input);
  return withWrittenFiles(deps.storage, deps.log, async (files) => {
    const image = await storePartImage(deps, files, input, upload);
    if (!image) throw badRequest(ADMIN_MESSAGES.imageRequired);
    const partId = await deps.db.transaction(async (tx) => {
      await checkReferences(tx, input);
      const id = await insertPart(tx, { ...textFields(input), ...imageFields(image) });
      if (input.request_id !== undefined) await approveRequest(tx, input.request_id, id);
      await upsertStoreLinks(tx, id, input.added_stores);
      await refreshStoreCounts(tx, input.added_stores.map((s) => s.store_id));
      return id;
    });
    return { part_id: partId };
  });
}

/**
 * PUT /parts/{id}: the same fields, deleted_stores removed before added_stores are written (a changed
 * link is both). A new image replaces the old one, whose files are deleted once the transaction has
 * committed. A renamed or recategorised part refreshes what the stations listing it derive from it.
 */
export async function updatePart(deps: Deps, partId: number, input: PartWriteInput, upload: Upload | undefined): Promise<{ part_id: number }> {
  const found = await findPart(deps.db, partId);
  if (!found) throw notFound(PART_NOT_FOUND);
  await checkReferences(deps.db, input);
  const replaced = await withWrittenFiles(deps.storage, deps.log, async (files) => {
    const image = await storePartImage(deps, files, input, upload);
    return deps.db.transaction(async (tx) => {
      // A rename or a new category rewrites the stations listing the part (their search text; their monitor
      // count, decision 017): they are locked first, as a station save locks its station before its parts (a
      // change that came about meanwhile still refreshes them, below).
      if (rewritesStations(found, input)) await lockStationsListing(tx, partId);
      const current = await lockPart(tx, partId);
      if (!current) throw notFound(PART_NOT_FOUND);
      await checkReferences(tx, input);
      if (input.request_id !== undefined) await approveRequest(tx, input.request_id, partId);
      await updatePartRow(tx, partId, { ...textFields(input), ...(image ? imageFields(image) : {}) });
      const before = await storeIdsOfPart(tx, partId);
      await removeStoreLinks(tx, partId, input.deleted_stores);
      await upsertStoreLinks(tx, partId, input.added_stores);
      await refreshStoreCounts(tx, [...new Set([...before, ...input.added_stores.map((s) => s.store_id)])]);
      if (rewritesStations(current, input)) await refreshBattlestationDerived(tx, await stationIdsUsingPart(tx, partId));
      return image && current.image !== image.name ? current.image : undefined;
    });
  });
  if (replaced) await deleteImageFiles(deps, replaced);
  return { part_id: partId };
}

/** What the stations listing a part derive from it: its name (their search text) and its category (Monitor parts). */
const rewritesStations = (part: { name: string; type_id: number }, input: PartWriteInput) => part.name !== input.name || part.type_id !== input.type_id;

/** DELETE /parts/{id}: refused while a battlestation lists it; otherwise the part, its links and its image files. */
export async function deletePart(deps: Deps, partId: number): Promise<void> {
  const image = await deps.db.transaction(async (tx) => {
    const part = await lockPart(tx, partId);
    if (!part) throw notFound(PART_NOT_FOUND);
    const used = await countPartUsage(tx, partId);
    if (used > 0) throw conflict(ADMIN_MESSAGES.partInUse(used));
    const storeIds = await storeIdsOfPart(tx, partId);
    await deletePartRow(tx, partId);
    await refreshStoreCounts(tx, storeIds);
    return part.image;
  });
  await deleteImageFiles(deps, image);
}
